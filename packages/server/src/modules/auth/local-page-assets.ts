/**
 * The local sign-in page's look: the web app's login page (logo, card, indigo button) in its
 * palette, light and dark (the dark values are those of the app's flipped palette).
 */

/** The app's logo mark (lucide's "layers", as on the login page). */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M12.83 2.18a2 2 0 0 0-1.66 0L2.6 6.08a1 1 0 0 0 0 1.83l8.58 3.91a2 2 0 0 0 1.66 0l8.58-3.9a1 1 0 0 0 0-1.83z"/><path d="M2 12a1 1 0 0 0 .58.91l8.6 3.91a2 2 0 0 0 1.65 0l8.58-3.9A1 1 0 0 0 22 12"/><path d="M2 17a1 1 0 0 0 .58.91l8.6 3.91a2 2 0 0 0 1.65 0l8.58-3.9A1 1 0 0 0 22 17"/></svg>`;

const LIGHT = `color-scheme:light;--page:#f8fafc;--page-to:#eef2ff;--card:#fff;--border:#e2e8f0;
  --field:#cbd5e1;--text:#0f172a;--muted:#475569;--accent:#4f46e5;--accent-hover:#4338ca;
  --on-accent:#fff;--error:#b91c1c;--error-border:#dc2626;--chip:#f1f5f9`;
const DARK = `color-scheme:dark;--page:oklch(12.9% 0.042 264.695);--page-to:oklch(25.7% 0.09 281.288);
  --card:oklch(20.8% 0.042 265.755);--border:oklch(37.2% 0.044 257.287);
  --field:oklch(44.6% 0.043 257.281);--text:oklch(98.4% 0.003 247.858);
  --muted:oklch(86.9% 0.022 252.894);--accent:oklch(67.3% 0.182 276.935);
  --accent-hover:oklch(78.5% 0.115 274.713);--on-accent:oklch(20.8% 0.042 265.755);
  --error:oklch(80.8% 0.114 19.571);--error-border:oklch(70.4% 0.191 22.216);
  --chip:oklch(27.9% 0.041 260.031)`;

/**
 * The page script (PAGE_SCRIPT) puts `dark` or `light` on <html> from the app's stored
 * theme; without it, the system's preference applies.
 */
export const PAGE_CSS = `
:root{${LIGHT}}
html.dark{${DARK}}
@media (prefers-color-scheme:dark){html:not(.light){${DARK}}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:3rem 1rem;
  font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  background:linear-gradient(to bottom right,var(--page),var(--card),var(--page-to));color:var(--text)}
main{width:100%;max-width:24rem}
.head{display:flex;flex-direction:column;align-items:center;text-align:center;margin-bottom:2rem}
.logo{display:flex;align-items:center;justify-content:center;width:3rem;height:3rem;margin-bottom:1rem;
  border-radius:.75rem;background:var(--accent);color:var(--on-accent);
  box-shadow:0 10px 15px -3px color-mix(in srgb,var(--accent) 30%,transparent)}
h1{font-size:1.5rem;line-height:2rem;font-weight:600;letter-spacing:-.025em;margin:0}
.head p{margin:.5rem 0 0;color:var(--muted);font-size:.875rem;line-height:1.4}
.card{background:var(--card);border:1px solid var(--border);border-radius:1rem;padding:1.5rem;
  box-shadow:0 1px 2px rgba(15,23,42,.05)}
.card>p{margin:0 0 1rem;color:var(--muted);font-size:.875rem;line-height:1.4}
label{display:block;font-size:.875rem;font-weight:500;margin-bottom:.375rem}
input{width:100%;padding:.5rem .75rem;border:0;border-radius:.375rem;font:inherit;font-size:.875rem;
  background:var(--card);color:var(--text);box-shadow:inset 0 0 0 1px var(--field)}
input:focus{outline:none;box-shadow:inset 0 0 0 2px var(--accent)}
input[aria-invalid=true]{box-shadow:inset 0 0 0 1px var(--error-border)}
.field{margin-bottom:1rem}
.error{color:var(--error);font-size:.8125rem;margin:.375rem 0 0}
button{display:flex;align-items:center;justify-content:center;width:100%;margin-top:.5rem;
  padding:.625rem 1rem;border:0;border-radius:.375rem;background:var(--accent);color:var(--on-accent);
  font:inherit;font-size:.875rem;font-weight:500;cursor:pointer}
button:hover{background:var(--accent-hover)}
button:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
a{color:var(--accent)}
.foot{margin-top:1.5rem;display:flex;flex-direction:column;align-items:center;gap:1rem;font-size:.875rem}
.languages{display:flex;gap:.125rem;padding:.125rem;border-radius:.375rem;background:var(--chip);font-size:.75rem}
.languages a{padding:.25rem .75rem;border-radius:.25rem;color:var(--muted);font-weight:500;text-decoration:none}
.languages a[aria-current]{background:var(--card);color:var(--text);box-shadow:0 1px 2px rgba(15,23,42,.1)}`;

/**
 * Served as a file of its own (the CSP runs no inline script): applies the theme stored by the
 * web app (same key and class as its theme-init.js), and keeps a language picked on this page
 * as the app's choice, so the app opens in it after the sign-in.
 */
export const PAGE_SCRIPT = `(function () {
  var root = document.documentElement;
  var theme = null;
  try { theme = localStorage.getItem('promptloom.theme'); } catch (e) { /* blocked storage */ }
  var dark = theme === 'dark' ||
    (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.add(dark ? 'dark' : 'light');
  var chosen = root.getAttribute('data-language-chosen');
  if (chosen) {
    try { localStorage.setItem('promptloom.language', chosen); } catch (e) { /* blocked storage */ }
  }
})();
`;
