import { LANGUAGE_COOKIE } from '@promptloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { LOCAL_PAGE_SCRIPT_PATH } from './local-page';
import { cookieOf, startFlow, submitLocalForm } from './testing';

/** The local sign-in page, as the login page's twin: look, focus, language, theme, way back. */
describe('the local sign-in page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function openPage(query = '', headers: Record<string, string> = {}) {
    const flow = await startFlow(t, 'local');
    const page = await t.app.inject({
      method: 'GET',
      url: `${flow.authUrl}${query}`,
      headers: { cookie: flow.flowCookie, ...headers },
    });
    return { flow, page };
  }

  it('shows the logo, focuses Name, links back to the login page and to each language', async () => {
    const { flow, page } = await openPage();
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<span class="logo"><svg[^>]*aria-hidden="true"/);
    expect(page.body).toMatch(/<input id="name"[^>]*autofocus/);
    expect(page.body).not.toMatch(/<input id="email"[^>]*autofocus/);
    expect(page.body).toContain('<a href="/login">Back to the login page</a>');
    expect(page.body).toContain(
      `<a href="/api/auth/local/authorize?state=${flow.state}&amp;lang=fr" hreflang="fr" lang="fr">Français</a>`,
    );
    expect(page.body).toMatch(/<a [^>]*hreflang="en"[^>]*aria-current="true">English<\/a>/);
    expect(page.body).toContain('<nav class="languages" aria-label="Language">');
  });

  it('names its icon inline, so the browser asks for no /favicon.ico (a 404 in the console)', async () => {
    const { page } = await openPage();
    expect(page.body).toMatch(
      /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,%3Csvg/,
    );
    expect(page.headers['content-security-policy']).toMatch(/img-src [^;]*data:/);
  });

  it('loads its one script from its own origin, under a CSP without inline scripts', async () => {
    const { page } = await openPage();
    const scripts = [...page.body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([tag]) => tag)).toEqual([
      `<script src="${LOCAL_PAGE_SCRIPT_PATH}"></script>`,
    ]);
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");

    const script = await t.app.inject({ method: 'GET', url: LOCAL_PAGE_SCRIPT_PATH });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    // The app's theme key and classes, and its language key.
    expect(script.body).toContain("localStorage.getItem('promptloom.theme')");
    expect(script.body).toContain("classList.add(dark ? 'dark' : 'light')");
    expect(script.body).toContain("localStorage.setItem('promptloom.language', chosen)");
  });

  it('has a dark theme for the class the script sets, and for the system without script', async () => {
    const { page } = await openPage();
    expect(page.body).toMatch(/html\.dark\{color-scheme:dark;/);
    expect(page.body).toMatch(
      /@media \(prefers-color-scheme:dark\)\{html:not\(\.light\)\{color-scheme:dark;/,
    );
  });

  it('switches language by its links: the page, its cookie and the app’s choice follow', async () => {
    const { flow, page } = await openPage('&lang=fr', { 'accept-language': 'en' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr" data-language-chosen="fr">');
    expect(page.body).toContain('<label for="name">Nom</label>');
    expect(page.body).toContain('<a href="/login">Retour à la page de connexion</a>');
    expect(page.body).toContain('aria-label="Langue"');
    expect(cookieOf(page, LANGUAGE_COOKIE)).toMatchObject({ value: 'fr', path: '/' });
    expect(cookieOf(page, LANGUAGE_COOKIE)?.httpOnly).toBeFalsy();
    // The flow is still the same one: the form posts and signs in.
    expect(page.body).toContain(`name="state" value="${flow.state}"`);

    const plain = await openPage('', { 'accept-language': 'en' });
    expect(plain.page.body).toContain('<html lang="en">');
    expect(cookieOf(plain.page, LANGUAGE_COOKIE)).toBeUndefined();

    const refused = await openPage('&lang=de');
    expect(refused.page.statusCode).toBe(400);
  });

  it('focuses the first field to fix when the form comes back with errors', async () => {
    const flow = await startFlow(t, 'local');
    const res = await submitLocalForm(t, flow, { name: 'Ada', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/<input id="email"[^>]*autofocus/);
    expect(res.body).not.toMatch(/<input id="name"[^>]*autofocus/);
  });
});
