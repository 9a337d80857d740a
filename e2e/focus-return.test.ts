import type { Page } from 'playwright-core';
import {
  emptyComposition,
  newSignedInPage,
  withoutDirectoryPicker,
  uploadDiskProject,
  writeDiskProject,
} from './support/fixtures';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';
import { promptViewer, tree } from './support/workspace';

/** The focused element as the accessibility tree names it, e.g. `button "Generate"`. */
const focused = async (page: Page) =>
  /^- ([\w-]+ "[^"]*")/.exec(await page.locator(':focus').ariaSnapshot())?.[1] ?? null;

describe('keyboard focus comes back to where the user was', () => {
  test('after an upload, "Add the task" and Escape on the generated prompt', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    // The folder-upload path (<input webkitdirectory>), as in a browser without the picker.
    await withoutDirectoryPicker(context);
    await page.reload();
    const dir = await writeDiskProject('focus-project');

    // Upload with the keyboard: the landing's button leaves the page, the tree takes focus.
    const open = page.getByRole('button', { name: 'Select a project folder' });
    await open.focus();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), open.press('Enter')]);
    await chooser.setFiles(dir);
    await tree(page).waitFor();
    await expect.poll(() => focused(page)).toMatch(/^treeitem "docs /);
    expect(await tree(page).locator(':focus').count()).toBe(1);

    // "Add the task" leaves with its callout: focus goes to the request field it adds.
    await emptyComposition(page);
    const add = page.getByRole('button', { name: 'Add the task', exact: true });
    await add.focus();
    await add.press('Enter');
    await expect.poll(() => focused(page)).toBe('textbox "Final request"');

    // Escape on the generated prompt: focus is back on the Generate button that opened it.
    await page.keyboard.type('Summarise the project.');
    await settledTokens(page);
    const generate = page.getByRole('button', { name: 'Generate', exact: true }).last();
    await generate.focus();
    await generate.press('Enter');
    const viewer = promptViewer(page);
    await viewer.waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button "Generate"');
    expect(await generate.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

describe('keyboard focus after saving a composition', () => {
  test('Save turns into Update and keeps focus once the dialog closes', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await uploadDiskProject(context, page, 'save-focus-project');
    await tree(page).waitFor();

    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.focus();
    await save.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save the composition' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Focus kept');
    await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Update', exact: true }).waitFor();
    await expect.poll(() => focused(page)).toBe('button "Update"');
  });
});
