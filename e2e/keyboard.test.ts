import type { Page } from 'playwright-core';
import { keyboardDrag } from './support/drag';
import { newSignedInPage, openOpfsFolder } from './support/fixtures';
import { createStaticBlock } from './support/api';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';
import {
  composition,
  fileBox,
  library,
  promptViewer,
  startStandalone,
  tree,
  promptText,
} from './support/workspace';

const ROOT = 'keyboard-project';
/** A row by its file or folder name (the row's full name adds its badges and counts). */
const item = (page: Page, name: string) =>
  tree(page)
    .getByRole('treeitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
/** The focused row's file or folder name (the first text its aria-labelledby names). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const nameId = document.activeElement?.getAttribute('aria-labelledby')?.split(' ')[0];
    return nameId ? (document.getElementById(nameId)?.textContent ?? null) : null;
  });
const order = (page: Page) =>
  composition(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));

const FILES = {
  'alpha.md': '# Alpha\n',
  'beta.md': '# Beta\n',
  'docs/guide.md': '# Guide\n',
  'src/main.ts': 'export const main = 1;\n',
  'src/util.ts': 'export const util = 2;\n',
  'zeta.txt': 'last\n',
};

async function openProject(page: Page) {
  await openOpfsFolder(page, ROOT, FILES);
  await item(page, 'zeta.txt').waitFor();
}

describe('the keyboard', () => {
  test('the file tree follows the ARIA tree pattern', async ({ browser, baseUrl }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await openProject(page);
    const names = () =>
      tree(page)
        .getByRole('treeitem')
        .evaluateAll((rows) =>
          rows.map((row) => {
            const nameId = row.getAttribute('aria-labelledby')?.split(' ')[0] ?? '';
            return document.getElementById(nameId)?.textContent ?? null;
          }),
        );
    expect(await names()).toEqual(['docs', 'src', 'alpha.md', 'beta.md', 'zeta.txt']);
    // Roving tabindex: one row in the tab order.
    const tabIndexes = await tree(page)
      .getByRole('treeitem')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('tabindex')));
    expect(tabIndexes).toEqual(['0', '-1', '-1', '-1', '-1']);
    expect(await item(page, 'src').getAttribute('aria-expanded')).toBe('false');
    expect(await item(page, 'alpha.md').getAttribute('aria-checked')).toBe('false');
    expect(await item(page, 'alpha.md').getAttribute('aria-level')).toBe('1');

    await item(page, 'docs').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toBe('src');
    // Right opens the folder, Right again goes to its first child; Left goes back up.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => item(page, 'src').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focused(page)).toBe('main.ts');
    expect(await item(page, 'main.ts').getAttribute('aria-level')).toBe('2');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toBe('util.ts');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focused(page)).toBe('src');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => item(page, 'src').getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('End');
    await expect.poll(() => focused(page)).toBe('zeta.txt');
    await page.keyboard.press('Home');
    await expect.poll(() => focused(page)).toBe('docs');

    // Type-ahead: "b" goes to beta.md; a move (Home) ends that search, so "a" then goes to
    // alpha.md rather than looking for "ba".
    await page.keyboard.press('b');
    await expect.poll(() => focused(page)).toBe('beta.md');
    await page.keyboard.press('Home');
    await expect.poll(() => focused(page)).toBe('docs');
    await page.keyboard.press('a');
    await expect.poll(() => focused(page)).toBe('alpha.md');

    // Space toggles the selection of the focused row (files and folders).
    await page.keyboard.press('Space');
    await expect.poll(() => item(page, 'alpha.md').getAttribute('aria-checked')).toBe('true');
    expect(await fileBox(page, 'alpha.md').isChecked()).toBe(true);
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await expect.poll(() => item(page, 'docs').getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => item(page, 'docs').getAttribute('aria-checked')).toBe('false');
    expect(await focused(page)).toBe('docs');
    // The focused row is the tab stop now.
    expect(await item(page, 'docs').getAttribute('tabindex')).toBe('0');
    expect(await item(page, 'alpha.md').getAttribute('tabindex')).toBe('-1');
  });

  test('Ctrl+Enter generates, Ctrl+Shift+C copies, / searches, ? lists the shortcuts', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await openProject(page);

    // `/` focuses the file search.
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search files' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await search.inputValue()).toBe('');
    await page.keyboard.press('Escape');

    // `?` lists the shortcuts.
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    for (const action of [
      'Generate the prompt',
      'Copy the last generated prompt',
      'Search the files',
      'Select or unselect the row',
      'Move the picked-up block one position',
    ]) {
      await dialog.getByText(action, { exact: true }).waitFor();
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Typing `?` and `/` in the request is text, not a shortcut.
    // The new project's default composition holds the task.
    await fileBox(page, 'alpha.md').check();
    const request = page.getByLabel('Final request');
    await request.click();
    await page.keyboard.type('What is a/b?');
    expect(await request.inputValue()).toBe('What is a/b?');
    expect(await dialog.count()).toBe(0);

    // Ctrl+Enter from the request box generates.
    await settledTokens(page);
    await page.keyboard.press('Control+Enter');
    const prompt = await promptText(page);
    expect(prompt).toContain('What is a/b?');
    const viewer = promptViewer(page);
    await viewer.getByRole('button', { name: 'Close' }).last().click();
    await viewer.waitFor({ state: 'detached' });

    // Ctrl+Shift+C copies the last prompt, after its viewer was closed.
    await page.evaluate(() => navigator.clipboard.writeText('something else'));
    await page.keyboard.press('Control+Shift+C');
    await page.getByText('Last prompt copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt);
  });

  test('one key press moves a composition block one position', async ({ browser, baseUrl }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    const [first, second] = ['First block', 'Second block'];
    await createStaticBlock(page, first);
    await createStaticBlock(page, second);
    await page.reload();
    await startStandalone(page);
    for (const name of [first, second, 'Dynamic User Task']) {
      await library(page).getByRole('button', { name, exact: true }).click();
      await composition(page).getByRole('listitem', { name, exact: true }).waitFor();
    }
    expect(await order(page)).toEqual([first, second, 'Dynamic User Task']);

    const handle = page.getByRole('button', { name: 'Move Dynamic User Task', exact: true });
    await keyboardDrag(page, handle, 'ArrowUp', 1);
    await expect.poll(() => order(page)).toEqual([first, 'Dynamic User Task', second]);
    await keyboardDrag(page, handle, 'ArrowUp', 1);
    await expect.poll(() => order(page)).toEqual(['Dynamic User Task', first, second]);
    await keyboardDrag(page, handle, 'ArrowDown', 2);
    await expect.poll(() => order(page)).toEqual([first, second, 'Dynamic User Task']);
  });
});
