import type { Page } from 'playwright-core';
import { newSignedInPage } from './support/fixtures';
import { insideWidth, placeholderShownWhole, shownWhole } from './support/layout';
import { describe, expect, test } from './support/test';

/** Whether the document itself scrolls (the app scrolls inside its main pane, never the page). */
const pageScrolls = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollHeight > window.innerHeight + 1);

describe('settings pages in French, wide and on a phone', () => {
  test('block names are shown whole and the account page does not scroll the page', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await page.evaluate(() => localStorage.setItem('promptloom.language', 'fr'));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/settings/blocks');
      const names = page.getByRole('article').getByRole('heading', { level: 3 });
      await names.getByText('Contenu des fichiers sélectionnés', { exact: true }).waitFor();
      for (const name of await names.all()) {
        expect(await shownWhole(name), (await name.textContent()) ?? '').toBe(true);
      }
      await page.goto('/settings/account');
      await page.getByRole('heading', { name: 'Importer un export' }).waitFor();
      expect(await pageScrolls(page), `${width} px`).toBe(false);
    }
  });

  test('the ignore-pattern field shows its whole example on a phone', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await page.evaluate(() => localStorage.setItem('promptloom.language', 'fr'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/settings/ignore-patterns');
    await page.getByRole('heading', { level: 1, name: "Motifs d'exclusion" }).waitFor();
    const field = page.getByLabel('Ajouter un motif');
    expect(await field.getAttribute('placeholder')).toBe('ex. *.log, tmp/, !garder.txt');
    expect(await placeholderShownWhole(field)).toBe(true);
    expect(await insideWidth(page, field)).toBe(true);
  });
});
