import { ERROR_MESSAGES } from '@promptloom/core';
import type { Page } from 'playwright-core';
import en from '../packages/web/public/locales/en/translation.json';
import fr from '../packages/web/public/locales/fr/translation.json';
import { apiCall } from './support/api';
import { newSignedInPage, switchLanguage } from './support/fixtures';
import { describe, expect, test } from './support/test';

/**
 * The API's errors reach the user in the UI's language (decision 054), and a name that would
 * read as something else (a right-to-left override) is refused by the form itself.
 */

type Lang = 'en' | 'fr';
const LOCALES = { en, fr } as const;
const t = (lang: Lang, key: string) =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      LOCALES[lang],
    ) as string;

/** Signs a new user in and switches the app to `lang` the way the language menu keeps it. */
async function signedInIn(
  browser: Parameters<typeof newSignedInPage>[0],
  baseUrl: string,
  lang: Lang,
): Promise<Page> {
  const { page } = await newSignedInPage(browser, baseUrl);
  if (lang === 'fr') {
    await switchLanguage(page, 'fr');
  }
  return page;
}

describe('API errors in the user’s language', () => {
  for (const lang of ['en', 'fr'] as const) {
    test(`${lang === 'en' ? 'an English' : 'a French'} user reads the token limit in ${lang}`, async ({
      browser,
      baseUrl,
    }) => {
      const page = await signedInIn(browser, baseUrl, lang);
      // Up to the limit through the API; the next one, from the form, is the server's refusal.
      for (let i = 0; i < 20; i += 1) {
        await apiCall(page, 'POST', '/api/access-tokens', { name: `token ${i}` });
      }
      await page.goto('/settings/access-tokens');
      await page.getByRole('heading', { level: 1, name: t(lang, 'nav.accessTokens') }).waitFor();
      await page.getByRole('textbox', { name: t(lang, 'accessTokens.form.name') }).fill('one more');
      const refused = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/access-tokens') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: t(lang, 'accessTokens.form.create') }).click();

      const response = await refused;
      expect(response.status()).toBe(400);
      // The server's own text already follows the app's language (its fallback).
      expect(await response.json()).toEqual({
        code: 'ACCESS_TOKENS_TOO_MANY',
        error: ERROR_MESSAGES.ACCESS_TOKENS_TOO_MANY[lang],
      });
      await page.getByText(t(lang, 'errors.ACCESS_TOKENS_TOO_MANY'), { exact: true }).waitFor();
      const other = t(lang === 'en' ? 'fr' : 'en', 'errors.ACCESS_TOKENS_TOO_MANY');
      expect(await page.getByText(other).count()).toBe(0);
    });
  }
});

describe('names that read as they are', () => {
  test('a block name holding U+202E is refused by the form, before any request', async ({
    browser,
    baseUrl,
  }) => {
    const page = await signedInIn(browser, baseUrl, 'en');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/blocks')) {
        posts.push(request.url());
      }
    });
    await page.goto('/settings/blocks');
    await page.getByRole('heading', { level: 1, name: 'Blocks' }).waitFor();
    await page.getByRole('button', { name: 'New block' }).first().click();
    await page
      .getByRole('dialog', { name: 'New block' })
      .getByRole('button', { name: /Text block/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'New text block' });
    // Shows as "Invoiceexe.pdf" once the override reverses the end of the name.
    await dialog.getByLabel('Name').fill('Invoice\u202Efdp.exe');
    await dialog.getByLabel('Content').fill('Pay it.');
    await dialog.getByRole('button', { name: 'Create block' }).click();
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await dialog.getByText(t('en', 'errors.NAME_HIDDEN_CHARACTER'), { exact: true }).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    // Without the override, the same block is created.
    await name.fill('Invoice fdp.exe');
    await dialog.getByRole('button', { name: 'Create block' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Invoice fdp.exe' }).waitFor();
    expect(posts).toHaveLength(1);
  });

  test('a French user is told in French, in the access-token form', async ({
    browser,
    baseUrl,
  }) => {
    const page = await signedInIn(browser, baseUrl, 'fr');
    await page.goto('/settings/access-tokens');
    await page.getByRole('textbox', { name: t('fr', 'accessTokens.form.name') }).fill('CI\u202E');
    await page.getByRole('button', { name: t('fr', 'accessTokens.form.create') }).click();
    await page.getByText(t('fr', 'errors.NAME_HIDDEN_CHARACTER'), { exact: true }).waitFor();
  });
});
