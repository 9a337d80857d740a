import type { Page } from 'playwright-core';
import en from '../packages/web/public/locales/en/translation.json';
import fr from '../packages/web/public/locales/fr/translation.json';
import { newAppPage, uniqueUser, waitForSignedInShell } from './support/fixtures';
import { describe, expect, test } from './support/test';

/**
 * One language at a time (docs/decisions/032): every main page, signed in, in
 * English and in French, must not show a string that only the other language uses.
 */
type Lang = 'en' | 'fr';
type Tree = { [key: string]: string | Tree };

function leaves(node: Tree, prefix = '', out = new Map<string, string>()) {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else leaves(value, path, out);
  }
  return out;
}

const TEXTS: Record<Lang, Map<string, string>> = { en: leaves(en), fr: leaves(fr) };
const t = (lang: Lang, key: string) => {
  const value = TEXTS[lang].get(key);
  if (value === undefined) throw new Error(`no ${key} in ${lang}`);
  return value;
};

/** The literal pieces of a message around its {{placeholders}}. */
const pieces = (value: string) =>
  value
    .split(/{{[^}]*}}/)
    .map((piece) => piece.trim())
    .filter(Boolean);

/**
 * The strings a page in `lang` must not show: the other language's multi-word pieces of
 * 12+ characters where the two languages differ, plus the names of the system blocks, the
 * default categories and the core ignore-pattern categories (short, so listed by key).
 */
function forbiddenIn(lang: Lang): string[] {
  const other: Lang = lang === 'en' ? 'fr' : 'en';
  const own = [...TEXTS[lang].values()];
  const found = new Set<string>();
  for (const [key, value] of TEXTS[other]) {
    if (value === TEXTS[lang].get(key)) continue;
    const named =
      /^(blocks\.systemTexts\.[A-Z_]+\.name|blocks\.defaultCategories\.|ignorePatterns\.coreCategories\.)/.test(
        key,
      );
    for (const piece of pieces(value)) {
      const long = piece.length >= 12 && /\s/.test(piece);
      if ((long || named) && !own.some((text) => text.includes(piece))) found.add(piece);
    }
  }
  return [...found];
}

/**
 * What the user can read: the visible text and the names, titles and placeholders. The text
 * of <pre> and <code> is left out: the generated prompt and file contents are data for the
 * model, whatever the UI language.
 */
function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    let body = document.body.innerText;
    for (const el of document.querySelectorAll<HTMLElement>('pre, code')) {
      if (el.innerText) body = body.replace(el.innerText, '');
    }
    const parts = [document.title, body];
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(attr);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  });
}

async function expectNoLeak(page: Page, lang: Lang, where: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const text = await readableText(page);
  const leaks = forbiddenIn(lang).filter((s) => text.includes(s));
  expect(leaks, `${where} (${lang}) shows the other language`).toEqual([]);
}

/** The server's sign-in page (packages/server local-page.ts) speaks the app's language too. */
const SERVER_FORM = {
  en: { name: 'Name', email: 'Email', submit: 'Sign in', foreign: 'Se connecter' },
  fr: { name: 'Nom', email: 'E-mail', submit: 'Se connecter', foreign: 'Sign in to' },
} as const;

async function walk(
  browser: Parameters<typeof newAppPage>[0],
  baseUrl: string,
  lang: Lang,
): Promise<void> {
  const { context, page } = await newAppPage(browser, baseUrl, lang === 'fr' ? 'fr-FR' : 'en-US');
  const user = uniqueUser();

  // The login page, then the server's local sign-in form.
  await page.goto('/login');
  const local = t(lang, 'auth.signInLocal');
  await page.getByRole('button', { name: local }).click();
  const form = SERVER_FORM[lang];
  await page.getByLabel(form.name, { exact: true }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe(lang);
  expect(await readableText(page)).not.toContain(form.foreign);
  await page.getByLabel(form.name, { exact: true }).fill(user.name);
  await page.getByLabel(form.email, { exact: true }).fill(user.email);
  await page.getByRole('button', { name: form.submit, exact: true }).click();
  await waitForSignedInShell(page, user);
  await expectNoLeak(page, lang, 'landing');

  // Standalone workspace with the system blocks it offers, a generated prompt and history.
  await page.getByRole('button', { name: t(lang, 'landing.standalone.button') }).click();
  const library = page.getByRole('region', { name: t(lang, 'workspace.library.title') });
  for (const type of ['DYNAMIC_TASK', 'PROJECT_INFO']) {
    const name = t(lang, `blocks.systemTexts.${type}.name`);
    await library.getByRole('button', { name, exact: true }).click();
  }
  await page.getByLabel(t(lang, 'workspace.request.label')).fill('Explain the project.');
  await expectNoLeak(page, lang, 'standalone workspace');
  await page
    .getByRole('button', { name: t(lang, 'workspace.generation.generate'), exact: true })
    .last()
    .click();
  await page.getByText(t(lang, 'workspace.generation.success')).first().waitFor();
  await expectNoLeak(page, lang, 'generated prompt');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await expectNoLeak(page, lang, 'workspace with history');

  for (const path of [
    '/library',
    '/settings/blocks',
    '/settings/compositions',
    '/settings/ignore-patterns',
    '/settings/access-tokens',
  ]) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectNoLeak(page, lang, path);
  }
  await context.close();
}

describe('one language at a time', () => {
  test('the forbidden lists are derived from the locale files', () => {
    expect(forbiddenIn('en')).toEqual(
      expect.arrayContaining(['Structure du projet', 'Sans catégorie', 'Prompt copié !']),
    );
    expect(forbiddenIn('fr')).toEqual(
      expect.arrayContaining(['Dynamic User Task', 'Version control', 'Lock files']),
    );
  });

  test('English pages show no French-only string', async ({ browser, baseUrl }) => {
    await walk(browser, baseUrl, 'en');
  });

  test('French pages show no English-only string', async ({ browser, baseUrl }) => {
    await walk(browser, baseUrl, 'fr');
  });
});
