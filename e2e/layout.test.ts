import type { Page } from 'playwright-core';
import {
  newSignedInPage,
  SAMPLE_PROJECT,
  stubDirectoryPicker,
  writeOpfsProject,
  emptyComposition,
} from './support/fixtures';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';
import { fileBox, library, promptText, tree } from './support/workspace';

const ROOT = 'sample-project';
const compositionRegion = (page: Page) =>
  page.getByRole('region', { name: /^Current composition/ });

async function box(locator: ReturnType<Page['locator']>) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not visible');
  return rect;
}

async function openProject(page: Page) {
  await page.getByRole('button', { name: 'Select a project folder' }).click();
  await page.getByTestId('project-name').waitFor();
}

describe('workspace layout (docs/decisions/028)', () => {
  test('wide: the files are the main pane, the composition sits over the library', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await page.setViewportSize({ width: 1440, height: 900 });
    await writeOpfsProject(page, ROOT);
    await stubDirectoryPicker(context, ROOT);
    await page.reload();
    await openProject(page);
    await tree(page).waitFor();

    // The panels settle after the first paint (stored sizes, the library's first load):
    // the facts are polled until they hold, not read from one frame.
    await expect
      .poll(
        async () => {
          const files = await box(tree(page));
          const composition = await box(compositionRegion(page));
          const libraryBox = await box(library(page));
          return {
            filesWiderThanComposition: files.width > composition.width,
            filesLeftOfComposition: files.x < composition.x,
            compositionAboveLibrary: composition.y + composition.height <= libraryBox.y + 1,
            compositionAndLibraryInOneColumn: Math.abs(composition.x - libraryBox.x) < 2,
          };
        },
        { timeout: 15_000 },
      )
      .toEqual({
        filesWiderThanComposition: true,
        filesLeftOfComposition: true,
        compositionAboveLibrary: true,
        compositionAndLibraryInOneColumn: true,
      });
    // No tabs on wide screens.
    expect(await page.getByRole('tablist', { name: 'Workspace panes' }).count()).toBe(0);
  });

  test('390 px: Blocks / Composition / Files tabs, each usable, through to Generate', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await page.setViewportSize({ width: 390, height: 844 });
    await writeOpfsProject(page, ROOT);
    await stubDirectoryPicker(context, ROOT);
    await page.reload();
    await openProject(page);

    const tabs = page.getByRole('tablist', { name: 'Workspace panes' });
    await tabs.waitFor();
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Blocks', 'Composition', 'Files']);
    expect(await tabs.getByRole('tab', { name: 'Composition' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await emptyComposition(page);

    // Blocks tab: the library fills the width.
    await tabs.getByRole('tab', { name: 'Blocks' }).click();
    expect((await box(library(page))).width).toBeGreaterThan(350);
    for (const name of ['Project structure', 'Selected files content']) {
      await library(page).getByRole('button', { name, exact: true }).click();
    }
    expect(await compositionRegion(page).isVisible()).toBe(false);

    // Files tab (arrow key from the tabs): the tree fills the width, labels are not cut.
    await tabs.getByRole('tab', { name: 'Blocks' }).focus();
    await page.keyboard.press('End');
    expect(await tabs.getByRole('tab', { name: 'Files' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await tree(page).waitFor();
    expect((await box(tree(page))).width).toBeGreaterThan(350);
    await fileBox(page, 'README.md').check();

    // Composition tab: the two blocks, the task and its request.
    await tabs.getByRole('tab', { name: 'Composition' }).click();
    const list = page.getByRole('list', { name: 'Composition blocks' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Add the task' }).click();
    await page.getByLabel('Final request').fill('Summarise the README.');

    // Nothing wider than the screen, and Generate is on screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const generate = page.getByRole('button', { name: 'Generate', exact: true }).last();
    const generateBox = await box(generate);
    expect(generateBox.y + generateBox.height).toBeLessThanOrEqual(844);
    await settledTokens(page);
    await generate.click();
    const prompt = await promptText(page);
    expect(prompt).toContain(SAMPLE_PROJECT['README.md']!.trim());
    expect(prompt).toContain('Summarise the README.');
  });

  test('a first project shows where the request goes: its field whole in the composition, focus left alone', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await page.evaluate(() => localStorage.setItem('promptloom.language', 'fr'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await writeOpfsProject(page, ROOT);
    await stubDirectoryPicker(context, ROOT);
    await page.reload();
    await page.getByRole('button', { name: 'Sélectionner un dossier de projet' }).click();
    await page.getByRole('tree', { name: 'Fichiers du projet' }).waitFor();
    const request = page.getByRole('textbox', { name: 'Demande finale' });
    // The default blocks stand above the task: the list scrolls to show its field and counter.
    const shownInList = () =>
      request.evaluate((field) => {
        const whole = field.parentElement!;
        let list = whole.parentElement!;
        while (getComputedStyle(list).overflowY !== 'auto') list = list.parentElement!;
        const shown = list.getBoundingClientRect();
        const box = whole.getBoundingClientRect();
        return {
          scrolled: list.scrollTop > 0,
          whole: box.top >= shown.top - 1 && box.bottom <= shown.bottom + 1,
          settled: !('revealing' in list.dataset),
        };
      });
    await expect
      .poll(shownInList, { timeout: 15_000 })
      .toMatchObject({ scrolled: true, whole: true });
    // Still so once the list has stopped keeping it in view while the blocks above settle, and
    // the field has not taken the focus.
    await expect
      .poll(shownInList, { timeout: 15_000 })
      .toEqual({ scrolled: true, whole: true, settled: true });
    expect(await request.evaluate((field) => document.activeElement === field)).toBe(false);
  });
});
