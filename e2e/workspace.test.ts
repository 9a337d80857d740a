import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  newSignedInPage,
  openOpfsFolder,
  SAMPLE_PROJECT,
  stubDirectoryPicker,
  uploadDiskProject,
  writeOpfsProject,
  emptyComposition,
  uploadFolder,
} from './support/fixtures';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';
import { keyboardDrag } from './support/drag';
import {
  addBlocks,
  composition,
  fileBox,
  folderBox,
  libraryBlock,
  promptViewer,
  tree,
  generatePrompt,
} from './support/workspace';

const ROOT = 'sample-project';
const REQUEST = 'Explain how greet() is used and add a farewell() function.';

/** Waits until the count differs from `before` (counting runs in a worker, asynchronously). */
async function tokensChangedFrom(page: Page, before: number): Promise<number> {
  await expect
    .poll(async () => (await settledTokens(page)).count, { timeout: 60_000 })
    .not.toBe(before);
  return (await settledTokens(page)).count;
}

async function generateAndRead(page: Page): Promise<string> {
  const text = await generatePrompt(page);
  await page.getByText('Prompt generated and added to the history!').first().waitFor();
  return text;
}

describe('prompt workspace', () => {
  test('a project opened through the folder picker: select files, count tokens, generate', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await writeOpfsProject(page, ROOT);
    await stubDirectoryPicker(context, ROOT);
    await page.reload();

    await page.getByRole('heading', { name: 'Build precise prompts from your code' }).waitFor();
    await page.getByRole('button', { name: 'Select a project folder' }).click();
    await tree(page).waitFor();
    await expect.poll(() => page.getByTestId('project-name').textContent()).toBe(ROOT);

    // Ignored: dist/ and *.log by the project's .gitignore, node_modules/ by the core list.
    await fileBox(page, 'README.md').waitFor();
    expect(await tree(page).getByText('node_modules').count()).toBe(0);
    expect(await tree(page).getByText('dist').count()).toBe(0);
    expect(await tree(page).getByText('debug.log').count()).toBe(0);
    await page.getByRole('heading', { name: `${ROOT} (0/7)` }).waitFor();

    await emptyComposition(page);
    await addBlocks(page, ['Project structure', 'Selected files content']);
    const { count: structureOnly } = await settledTokens(page);
    expect(structureOnly).toBeGreaterThan(0);

    // By checkbox.
    await fileBox(page, 'README.md').check();
    const withReadme = await tokensChangedFrom(page, structureOnly);
    expect(withReadme).toBeGreaterThan(structureOnly);

    // By search: Enter selects every match; a search matching nothing says so.
    await page.getByRole('button', { name: 'Search files' }).click();
    const search = page.getByRole('searchbox', { name: 'Search files' });
    await search.fill('greet');
    await search.press('Enter');
    await expect.poll(() => fileBox(page, 'src/greet.ts').isChecked()).toBe(true);
    await search.fill('no-such-file');
    await search.press('Enter');
    await page.getByText('No file found for “no-such-file”.').waitFor();
    await search.fill('');
    await page.getByRole('button', { name: 'Search files' }).click();

    // By directory: the folder checkbox selects every file beneath it.
    await folderBox(page, 'docs').check();
    await page.getByRole('heading', { name: `${ROOT} (3/7)` }).waitFor();
    await page.getByRole('button', { name: 'Expand docs' }).click();
    await expect.poll(() => fileBox(page, 'docs/guide.md').isChecked()).toBe(true);
    const withThree = await tokensChangedFrom(page, withReadme);
    expect(withThree).toBeGreaterThan(withReadme);

    // The request, through the dynamic-task block added from the callout.
    await page.getByRole('button', { name: 'Add the task' }).click();
    await page.getByLabel('Final request').fill(REQUEST);
    const withRequest = await tokensChangedFrom(page, withThree);
    expect(withRequest).toBeGreaterThan(withThree);

    const prompt = await generateAndRead(page);
    const treeAt = prompt.indexOf(`${ROOT}/`);
    const readmeAt = prompt.indexOf('File: README.md');
    const greetAt = prompt.indexOf('File: src/greet.ts');
    const guideAt = prompt.indexOf('File: docs/guide.md');
    const requestAt = prompt.indexOf(REQUEST);
    expect(treeAt).toBe(0);
    expect(prompt).toContain('├── src/');
    expect(prompt).toContain(SAMPLE_PROJECT['README.md']!.trim());
    expect(prompt).toContain(SAMPLE_PROJECT['src/greet.ts']!.trim());
    expect(prompt).toContain('```typescript');
    expect(prompt).not.toContain('node_modules');
    expect(prompt).not.toContain('File: src/index.ts');
    // Composition order: structure, then the files (in tree order), then the request.
    expect(treeAt).toBeLessThan(guideAt);
    expect(guideAt).toBeLessThan(readmeAt);
    expect(greetAt).toBeGreaterThan(guideAt);
    expect(requestAt).toBeGreaterThan(Math.max(readmeAt, greetAt, guideAt));
    expect(prompt).toContain('='.repeat(80));

    const viewer = promptViewer(page);
    await viewer.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Prompt copied!').first().waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(prompt);
  });

  test('the folder-upload fallback gives the same workspace; a reload asks for the folder again', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    const dir = await uploadDiskProject(context, page, ROOT);
    await tree(page).waitFor();

    await emptyComposition(page);
    await addBlocks(page, ['Selected files content']);
    await fileBox(page, 'package.json').check();
    await tree(page).getByRole('button', { name: 'Expand src' }).click();
    await fileBox(page, 'src/index.ts').check();
    const prompt = await generateAndRead(page);
    expect(prompt).toContain('File: package.json');
    expect(prompt).toContain(SAMPLE_PROJECT['src/index.ts']!.trim());
    await promptViewer(page).getByRole('button', { name: 'Close' }).last().click();

    // Refresh offers to pick the (in-memory) uploaded folder again, and shows what changed on disk.
    await writeFile(path.join(dir, 'src', 'added.ts'), 'export const added = true;\n');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page
      .getByRole('dialog', { name: 'Refresh an uploaded folder' })
      .getByRole('button', { name: 'Pick the folder again' })
      .click();
    await (await chooser).setFiles(dir);
    await fileBox(page, 'src/added.ts').waitFor();
    await expect.poll(() => fileBox(page, 'package.json').isChecked()).toBe(true);

    // Uploaded files live in memory only: after a reload the folder is chosen again, and
    // the project's selection is still there once it is.
    await page.reload();
    await page.getByRole('heading', { name: `Select ${ROOT} again` }).waitFor();
    await page.getByText('Your files never leave your browser').waitFor();
    await uploadFolder(page, dir);
    await expect.poll(() => fileBox(page, 'package.json').isChecked()).toBe(true);
  });

  test('a large project: virtualised rows, selection limits, the selected-files filter', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    // More than 400 files (decision 019: the token budget is the limit, not a file count).
    const many = 420;
    const files: Record<string, string> = { 'README.md': '# Big\n' };
    for (let i = 0; i < many; i++) {
      files[`gen/file-${String(i).padStart(4, '0')}.ts`] = `export const n${i} = ${i};\n`;
    }
    await openOpfsFolder(page, 'big-project', files);
    await page.getByRole('heading', { name: `big-project (0/${many + 1})` }).waitFor();

    // Only the rows in view (plus overscan) are in the page.
    await page.getByRole('button', { name: 'Expand gen' }).click();
    await fileBox(page, 'gen/file-0000.ts').waitFor();
    const rendered = await tree(page).getByRole('treeitem').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(80);

    // More files than the old cap, well within the budget: select-all is accepted.
    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    await page.getByRole('heading', { name: `big-project (${many + 1}/${many + 1})` }).waitFor();
    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    await page.getByRole('heading', { name: `big-project (0/${many + 1})` }).waitFor();

    // A search submission selects every match.
    await page.getByRole('button', { name: 'Search files' }).click();
    const search = page.getByRole('searchbox', { name: 'Search files' });
    await search.fill('file-00');
    await search.press('Enter');
    await page.getByRole('heading', { name: `big-project (100/${many + 1})` }).waitFor();
    await search.fill('');

    // The selected-files filter shows only those, under their (expanded) folder.
    await page.getByRole('button', { name: 'Show selected files only: 100' }).click();
    await page.getByRole('heading', { name: 'Selected files (100)' }).waitFor();
    expect(await fileBox(page, 'README.md').count()).toBe(0);
    await fileBox(page, 'gen/file-0000.ts').waitFor();
  });

  test('standalone mode hides the blocks that need a project', async ({ browser, baseUrl }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await page.getByRole('button', { name: 'Continue without a project' }).click();
    await page.getByText('Standalone mode').first().waitFor();
    await libraryBlock(page, 'Dynamic User Task').waitFor();
    await libraryBlock(page, 'Project information').waitFor();
    expect(await libraryBlock(page, 'Project structure').count()).toBe(0);
    expect(await libraryBlock(page, 'Selected files content').count()).toBe(0);
    expect(await page.getByRole('tree', { name: 'Project files' }).count()).toBe(0);

    await addBlocks(page, ['Dynamic User Task', 'Project information']);
    const firstBlock = () =>
      composition(page).getByRole('listitem').first().getAttribute('aria-label');
    // A block added from the library goes before the request.
    await expect.poll(firstBlock).toBe('Project information');
    await page.getByLabel('Final request').fill(REQUEST);

    // Keyboard reordering: pick up the task, move it above the project info, drop it.
    const handle = page.getByRole('button', { name: 'Move Dynamic User Task', exact: true });
    await keyboardDrag(page, handle, 'ArrowUp', 1);
    await expect.poll(firstBlock).toBe('Dynamic User Task');

    const prompt = await generateAndRead(page);
    expect(prompt.indexOf('Selected files: 0')).toBeGreaterThan(prompt.indexOf(REQUEST));
    expect(prompt.indexOf(REQUEST)).toBeGreaterThanOrEqual(0);
  });
});
