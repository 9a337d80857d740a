import { requestLanguage } from '../../request-language';
import { LOGO_SVG, PAGE_CSS } from './local-page-assets';

/**
 * The built-in provider's sign-in page: server-rendered HTML that looks like the app's login
 * page, works without script, and loads one same-origin script (CSP script-src 'self').
 */

const TEXT = {
  en: {
    title: 'Sign in to Promptloom',
    intro: 'Local sign-in for this machine. Your account is identified by your email address.',
    name: 'Name',
    email: 'Email',
    submit: 'Sign in',
    back: 'Back to the login page',
    language: 'Language',
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
    language: 'Langue',
    expired:
      'Ce lien de connexion a expiré ou a déjà servi. Recommencez depuis la page de connexion.',
    nameRequired: 'Saisissez votre nom.',
    nameRefused:
      "Saisissez votre nom sans caractères invisibles (comme U+202E) ; « Promptloom » est l'auteur de la bibliothèque officielle.",
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

/** Where the page's script is served (a file of its own: the CSP runs no inline script). */
export const LOCAL_PAGE_SCRIPT_PATH = '/api/auth/local/page.js';

const LANGUAGE_NAMES: Record<PageLanguage, string> = { en: 'English', fr: 'Français' };

export interface PageOptions {
  /** The flow's state, kept by the language switch's links. */
  state?: string;
  /** A language picked on this page: the script keeps it as the app's choice too. */
  chosen?: boolean;
}

/** English / Français: links to this page in each language, the current one marked. */
function languageSwitch(lang: PageLanguage, state: string | undefined): string {
  const links = (Object.keys(LANGUAGE_NAMES) as PageLanguage[]).map((code) => {
    const query = new URLSearchParams({ ...(state ? { state } : {}), lang: code });
    const current = code === lang ? ' aria-current="true"' : '';
    return `<a href="/api/auth/local/authorize?${escapeHtml(query.toString())}" hreflang="${code}" lang="${code}"${current}>${LANGUAGE_NAMES[code]}</a>`;
  });
  return `<nav class="languages" aria-label="${TEXT[lang].language}">${links.join('')}</nav>`;
}

/**
 * The app's icon, inline: a page with no icon of its own makes the browser fetch
 * /favicon.ico, whose 404 it writes to the console as an error (and the API-only server has
 * no web build to serve one from).
 */
const ICON_HREF = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4f46e5"/><path d="M9 9h14M9 16h14M9 23h9" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
)}`;

function layout(lang: PageLanguage, card: string, options: PageOptions): string {
  const t = TEXT[lang];
  return `<!doctype html>
<html lang="${lang}"${options.chosen ? ` data-language-chosen="${lang}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${t.title}</title>
<link rel="icon" type="image/svg+xml" href="${ICON_HREF}">
<script src="${LOCAL_PAGE_SCRIPT_PATH}"></script>
<style>${PAGE_CSS}</style>
</head>
<body><main>
<div class="head"><span class="logo">${LOGO_SVG}</span><h1>${t.title}</h1><p>${t.intro}</p></div>
<div class="card">${card}</div>
<div class="foot"><a href="/login">${t.back}</a>${languageSwitch(lang, options.state)}</div>
</main></body>
</html>`;
}

export interface LocalFormState {
  state: string;
  name?: string;
  email?: string;
  /** `refused`: a name that is there but may not be used (decision 093). */
  errors?: { name?: boolean | 'refused'; email?: boolean };
}

export function renderLocalForm(
  lang: PageLanguage,
  form: LocalFormState,
  options: Pick<PageOptions, 'chosen'> = {},
): string {
  const t = TEXT[lang];
  const invalidOf = (id: 'name' | 'email') => {
    const error = form.errors?.[id];
    return error === true || error === 'refused';
  };
  // The first field to fix, else Name: the page opens ready to type.
  const focused = !invalidOf('name') && invalidOf('email') ? 'email' : 'name';
  const field = (id: 'name' | 'email', type: string, autocomplete: string, message: string) => {
    const error = form.errors?.[id];
    const invalid = invalidOf(id);
    const value = form[id] ?? '';
    return `<div class="field">
<label for="${id}">${t[id]}</label>
<input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required maxlength="255"
 value="${escapeHtml(value)}"${id === focused ? ' autofocus' : ''}${invalid ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${invalid ? `<p class="error" id="${id}-error" role="alert">${error === 'refused' ? t.nameRefused : message}</p>` : ''}
</div>`;
  };
  return layout(
    lang,
    `<form method="post" action="/api/auth/local/authorize">
<input type="hidden" name="state" value="${escapeHtml(form.state)}">
${field('name', 'text', 'name', t.nameRequired)}
${field('email', 'email', 'email', t.emailInvalid)}
<button type="submit">${t.submit}</button>
</form>`,
    { ...options, state: form.state },
  );
}

/** No valid flow for this page (opened directly, expired, or already used). */
export function renderLocalExpired(
  lang: PageLanguage,
  options: Pick<PageOptions, 'chosen'> = {},
): string {
  return layout(lang, `<p role="alert">${TEXT[lang].expired}</p>`, options);
}
