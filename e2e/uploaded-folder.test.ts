import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { emptyComposition, newSignedInPage, uploadDiskProject } from './support/fixtures';
import { insideWidth, onOneLine } from './support/layout';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';
import { closePrompt, fileBox, fileRow, generatePrompt, tree } from './support/workspace';

const ROOT = 'upload-project';
const FILES = {
  'README.md': '# Upload project\n',
  'src/greet.ts': 'export const greet = (name: string) => `Hello, ${name}!`;\n',
  'src/index.ts': "import { greet } from './greet';\nconsole.log(greet('world'));\n",
};
const GREET_EDITED = 'export const farewell = (name: string) => `Goodbye, ${name}!`;\n';

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

/** The focused tree row: its name, whether it shows focus, its outline and background. */
const focusedRow = (page: Page) =>
  page.evaluate(() => {
    const row = document.activeElement;
    if (row?.getAttribute('role') !== 'treeitem') return null;
    const style = getComputedStyle(row);
    return {
      name: row.querySelector('button[title]')?.textContent ?? null,
      focusVisible: row.matches(':focus-visible'),
      outline: style.outlineStyle,
      background: style.backgroundColor,
    };
  });

describe('a folder opened by upload', () => {
  test('says it is a copy; Refresh picks it again and keeps the selection by path', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    const dir = await uploadDiskProject(context, page, ROOT, FILES);
    await tree(page).waitFor();
    await page.getByText(/^This is an uploaded copy of the folder/).waitFor();

    // Focus goes to the tree's first row, the folder src (the upload control has left the
    // page): a ring shows it, without the tint of a selected file, so src does not look chosen.
    await expect.poll(() => focusedRow(page)).toMatchObject({ name: 'src', focusVisible: true });
    const focused = (await focusedRow(page))!;
    expect(focused.outline).toBe('solid');
    expect(focused.background).toBe(
      await fileRow(page, 'README.md').evaluate((row) => getComputedStyle(row).backgroundColor),
    );

    // On a phone the status bar keeps one line: Change project is not wrapped under the name.
    await page.setViewportSize({ width: 390, height: 844 });
    const change = page.getByRole('button', { name: 'Change project', exact: true });
    expect(await onOneLine(change)).toBe(true);
    expect(await onOneLine(change.locator('..'))).toBe(true);
    expect(await insideWidth(page, change)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await tree(page).waitFor();

    // Select two of the three files and generate once (the snapshot changes are flagged against).
    await emptyComposition(page);
    await page
      .getByRole('region', { name: 'Block library' })
      .getByRole('button', { name: 'Selected files content', exact: true })
      .click();
    await page.getByRole('button', { name: 'Expand src' }).click();
    await fileBox(page, 'src/greet.ts').check();
    await fileBox(page, 'src/index.ts').check();
    const first = await generatePrompt(page);
    await closePrompt(page);
    expect(first).toContain('Hello, ${name}!');
    const { count: before } = await settledTokens(page);

    // On disk: one selected file edited, one removed, one added.
    await writeFile(path.join(dir, 'src', 'greet.ts'), FILES['src/greet.ts'] + GREET_EDITED);
    await rm(path.join(dir, 'src', 'index.ts'));
    await mkdir(path.join(dir, 'src'), { recursive: true });
    await writeFile(path.join(dir, 'src', 'added.ts'), 'export const added = true;\n');

    // Refresh explains and offers to pick the folder again; Cancel gives focus back.
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
    await refresh.click();
    const dialog = page.getByRole('dialog', { name: 'Refresh an uploaded folder' });
    await dialog.getByText(/stay selected/).waitFor();
    // It opens on its main action, not on Close.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Pick the folder again',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedLabel(page)).toBe('Refresh');

    await refresh.click();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Pick the folder again' }).click();
    await (await chooser).setFiles(dir);
    await fileBox(page, 'src/added.ts').waitFor();

    // Kept by path: the edited file stays selected and is flagged, the removed one is gone,
    // the new one is flagged but not selected; the composition is the same.
    await expect.poll(() => fileBox(page, 'src/greet.ts').isChecked()).toBe(true);
    expect(await fileBox(page, 'src/added.ts').isChecked()).toBe(false);
    expect(await fileBox(page, 'src/index.ts').count()).toBe(0);
    await fileRow(page, 'src/greet.ts').getByTitle('Modified', { exact: true }).waitFor();
    await fileRow(page, 'src/added.ts').getByTitle('Added', { exact: true }).waitFor();
    await page
      .getByRole('list', { name: 'Composition blocks' })
      .getByRole('listitem', { name: 'Selected files content', exact: true })
      .waitFor();
    await page.getByRole('heading', { name: `${ROOT} (1/3)` }).waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('Refresh');

    // The new content is what is counted and generated.
    await expect.poll(async () => (await settledTokens(page)).count).not.toBe(before);
    const second = await generatePrompt(page);
    await closePrompt(page);
    expect(second).toContain('Goodbye, ${name}!');
    expect(second).not.toContain('File: src/index.ts');
  });
});
