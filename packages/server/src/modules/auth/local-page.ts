import { requestLanguage } from '../../request-language';

/** The built-in provider's sign-in page: plain HTML, no script (CSP script-src 'self'). */

const TEXT = {
  en: {
    title: 'Sign in to Promptloom',
    intro: 'Local sign-in for this machine. Your account is identified by your email address.',
    name: 'Name',
    email: 'Email',
    submit: 'Sign in',
    back: 'Back to the login page',
    expired: 'This sign-in link has expired or was already used. Start again from the login page.',
    nameRequired: 'Enter your name.',
    nameRefused:
      'Enter your name without hidden characters (such as U+202E); “Promptloom” is the curated library’s author.',
    emailInvalid: 'Enter a valid email address.',
  },
  fr: {
    title: 'Connexion à Promptloom',
    intro: 'Connexion locale pour cette machine. Votre compte est identifié par votre e-mail.',
    name: 'Nom',
    email: 'E-mail',
    submit: 'Se connecter',
    back: 'Retour à la page de connexion',
    expired:
      'Ce lien de connexion a expiré ou a déjà servi. Recommencez depuis la page de connexion.',
    nameRequired: 'Saisissez votre nom.',
    nameRefused:
      'Saisissez votre nom sans caractères invisibles (comme U+202E) ; « Promptloom » est l’auteur de la bibliothèque officielle.',
    emailInvalid: 'Saisissez une adresse e-mail valide.',
  },
} as const;

export type PageLanguage = keyof typeof TEXT;

/**
 * The web app's language when its cookie says so (docs/decisions/032), else the one the
 * browser's `Accept-Language` prefers among ours (English by default).
 */
export function pageLanguage(
  acceptLanguage: string | undefined,
  appLanguage?: string,
): PageLanguage {
  if (appLanguage === 'fr' || appLanguage === 'en') return appLanguage;
  return requestLanguage(acceptLanguage);
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem;
  font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  background:#f8fafc;color:#0f172a}
main{width:100%;max-width:24rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;
  box-shadow:0 10px 25px -10px rgba(15,23,42,.15);padding:2rem}
h1{font-size:1.25rem;margin:0 0 .5rem}
p{margin:0 0 1.5rem;color:#475569;font-size:.875rem;line-height:1.4}
label{display:block;font-size:.875rem;font-weight:600;margin-bottom:.375rem}
input{width:100%;padding:.625rem .75rem;border:1px solid #cbd5e1;border-radius:.5rem;font:inherit}
input:focus-visible{outline:2px solid #3b82f6;outline-offset:1px;border-color:#3b82f6}
input[aria-invalid=true]{border-color:#dc2626}
.field{margin-bottom:1rem}
.error{color:#b91c1c;font-size:.8125rem;margin:.375rem 0 0}
button{width:100%;margin-top:.5rem;padding:.625rem 1rem;border:0;border-radius:.5rem;
  background:#2563eb;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1d4ed8}
button:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
a{color:#2563eb}
@media (prefers-color-scheme:dark){
  body{background:#0f172a;color:#e2e8f0}
  main{background:#1e293b;border-color:#334155}
  p{color:#94a3b8}
  input{background:#0f172a;color:#e2e8f0;border-color:#475569}
  .error{color:#fca5a5}
  a{color:#93c5fd}
}`;

function layout(lang: PageLanguage, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${TEXT[lang].title}</title>
<style>${PAGE_CSS}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export interface LocalFormState {
  state: string;
  name?: string;
  email?: string;
  /** `refused`: a name that is there but may not be used (decision 093). */
  errors?: { name?: boolean | 'refused'; email?: boolean };
}

export function renderLocalForm(lang: PageLanguage, form: LocalFormState): string {
  const t = TEXT[lang];
  const field = (id: 'name' | 'email', type: string, autocomplete: string, message: string) => {
    const error = form.errors?.[id];
    const invalid = error === true || error === 'refused';
    const value = form[id] ?? '';
    return `<div class="field">
<label for="${id}">${t[id]}</label>
<input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required maxlength="255"
 value="${escapeHtml(value)}"${invalid ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${invalid ? `<p class="error" id="${id}-error" role="alert">${error === 'refused' ? t.nameRefused : message}</p>` : ''}
</div>`;
  };
  return layout(
    lang,
    `<h1>${t.title}</h1>
<p>${t.intro}</p>
<form method="post" action="/api/auth/local/authorize">
<input type="hidden" name="state" value="${escapeHtml(form.state)}">
${field('name', 'text', 'name', t.nameRequired)}
${field('email', 'email', 'email', t.emailInvalid)}
<button type="submit">${t.submit}</button>
</form>`,
  );
}

/** No valid flow for this page (opened directly, expired, or already used). */
export function renderLocalExpired(lang: PageLanguage): string {
  const t = TEXT[lang];
  return layout(
    lang,
    `<h1>${t.title}</h1>
<p role="alert">${t.expired}</p>
<a href="/login">${t.back}</a>`,
  );
}
