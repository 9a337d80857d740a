import type { BrowserContext, Page } from 'playwright-core';
import {
  type ProjectFiles,
  emptyComposition,
  newSignedInPage,
  stubDirectoryPicker,
  uploadDiskProject,
  writeOpfsProject,
} from './support/fixtures';
import { describe, expect, test } from './support/test';
import { generatePrompt, tree } from './support/workspace';

// Texts the workers decode for the page: a byte order mark, non-ASCII letters, a file whose
// first bytes hold a NUL (binary whatever its name), and files read together in one group.
const FILES: ProjectFiles = {
  'notes.txt': '\uFEFFdéjà vu – naïve café\n',
  'data.txt': 'abc\u0000BINARY-MARKER\n',
  'src/a.ts': 'export const a = "first file";\n',
  'src/b.ts': 'export const b = "second file";\n',
};

async function selectAllAndGenerate(page: Page): Promise<string> {
  await emptyComposition(page);
  await page
    .getByRole('region', { name: 'Block library' })
    .getByRole('button', { name: 'Selected files content', exact: true })
    .click();
  await page.getByRole('button', { name: 'Select all', exact: true }).click();
  return generatePrompt(page);
}

function expectDecoded(prompt: string) {
  expect(prompt).toContain('déjà vu – naïve café');
  expect(prompt).not.toContain('\uFEFF');
  expect(prompt).toContain('first file');
  expect(prompt).toContain('second file');
  expect(prompt).not.toContain('BINARY-MARKER');
}

async function connectFolder(context: BrowserContext, page: Page, root: string) {
  await writeOpfsProject(page, root, FILES);
  await stubDirectoryPicker(context, root);
  await page.reload();
  await page.getByRole('button', { name: 'Select a project folder' }).click();
  await tree(page).getByRole('treeitem').first().waitFor();
}

describe('file texts read and decoded off the page', () => {
  test('an uploaded folder: the BOM dropped, letters kept, a binary file left out', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await uploadDiskProject(context, page, 'decoded-upload', FILES);
    await tree(page).getByRole('treeitem').first().waitFor();
    expectDecoded(await selectAllAndGenerate(page));
  });

  test('a connected folder: the same texts through the folder worker', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newSignedInPage(browser, baseUrl);
    await connectFolder(context, page, 'decoded-connected');
    expectDecoded(await selectAllAndGenerate(page));
  });
});
