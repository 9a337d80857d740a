import type { BrowserContext, Page } from 'playwright-core';
import {
  folderWorker,
  newSignedInPage,
  prependToFolderWorker,
  stubDirectoryPicker,
  writeOpfsProject,
  emptyComposition,
} from './support/fixtures';
import { describe, expect, test } from './support/test';
import { fileBox, listingProgress, tree } from './support/workspace';

/**
 * Holds the folder opening at a stage, deterministically: listing the folder named `held`
 * waits for `self.__releaseListing()`, and every `getFile()` (the metadata stage) waits
 * for `self.__releaseMetadata()`, both in the folder-listing worker, where the app walks
 * the folder's handles. The app's code runs unchanged on real OPFS handles; only the
 * browser's answers are delayed, as on a slow disk. Plain JavaScript (see
 * support/fixtures.ts).
 */
const HOLD_STAGES = `(() => {
  const gate = (name) => {
    let release;
    const held = new Promise((resolve) => (release = resolve));
    self['__release' + name] = release;
    return held;
  };
  const listing = gate('Listing');
  const metadata = gate('Metadata');
  const values = FileSystemDirectoryHandle.prototype.values;
  FileSystemDirectoryHandle.prototype.values = async function* () {
    if (this.name === 'held') await listing;
    yield* values.call(this);
  };
  const getFile = FileSystemFileHandle.prototype.getFile;
  FileSystemFileHandle.prototype.getFile = async function () {
    await metadata;
    return getFile.call(this);
  };
})()`;

/** A project of `count` files in folders of 20, and one folder the listing waits on. */
function generatedProject(count: number): Record<string, string> {
  const files: Record<string, string> = { 'README.md': '# Generated\n' };
  for (let i = 0; i < count; i++) {
    files[`src/group-${Math.floor(i / 20)}/file-${i}.ts`] = `export const v${i} = ${i};\n`;
  }
  files['held/late.ts'] = 'export const late = true;\n';
  return files;
}

async function openHeld(page: Page, context: BrowserContext, root: string, count: number) {
  await writeOpfsProject(page, root, generatedProject(count));
  await stubDirectoryPicker(context, root);
  await prependToFolderWorker(context, HOLD_STAGES);
  await page.reload();
  await page.getByRole('button', { name: 'Select a project folder' }).click();
}

const release = async (page: Page, stage: 'Listing' | 'Metadata') =>
  (await folderWorker(page)).evaluate(`self.__release${stage}()`);

describe('folder opening in stages (e2e)', () => {
  test('"Listing… N files" with rows shown while listing, then "Checking changes… %", then done', async ({
    browser,
    baseUrl,
  }) => {
    const { page, context } = await newSignedInPage(browser, baseUrl);
    await openHeld(page, context, 'staged', 400);

    // Stage 1: the listing waits on `held/`; the figures and the rows listed so far show.
    await expect
      .poll(async () => (await listingProgress(page).textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/^Listing… [\d,]+ files/);
    await tree(page).getByRole('treeitem').first().waitFor();
    await expect.poll(() => fileBox(page, 'README.md').count(), { timeout: 30_000 }).toBe(1);
    const listed = Number(
      ((await listingProgress(page).textContent()) ?? '')
        .replace(/^Listing… ([\d,]+).*$/, '$1')
        .replace(/,/g, ''),
    );
    expect(listed).toBeGreaterThan(0);
    expect(listed).toBeLessThanOrEqual(402);
    // "Show ignored" comes with the complete tree only.
    expect(await page.getByRole('button', { name: /^Show ignored/ }).count()).toBe(0);

    // Stage 2: the tree is complete; sizes and mtimes are still being asked.
    await release(page, 'Listing');
    await expect
      .poll(async () => (await listingProgress(page).textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/^Checking changes… \d+ %/);
    await page.getByRole('button', { name: /^Show ignored/ }).waitFor();
    await page.getByRole('heading', { name: 'staged (0/402)' }).waitFor();
    // Selection does not wait for the metadata.
    await fileBox(page, 'README.md').check();
    await page.getByRole('heading', { name: 'staged (1/402)' }).waitFor();

    await release(page, 'Metadata');
    await listingProgress(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'staged (1/402)' }).waitFor();
  });

  test('Cancel while listing leaves a usable workspace; Refresh lists the folder again', async ({
    browser,
    baseUrl,
  }) => {
    const { page, context } = await newSignedInPage(browser, baseUrl);
    await openHeld(page, context, 'cancelled', 200);
    await expect
      .poll(async () => (await listingProgress(page).textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/^Listing… [\d,]+ files/);

    await listingProgress(page).getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Listing cancelled. Refresh to list the folder again.').waitFor();
    await listingProgress(page).waitFor({ state: 'detached' });
    expect(await tree(page).count()).toBe(0);
    // The page becoming visible again (React Query refetches stale queries then) does not
    // start the cancelled listing over: only Refresh does.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    // The rest of the workspace still answers: a library block goes into the composition
    // (whose structure block mounts another reader of the tree).
    await emptyComposition(page);
    await page
      .getByRole('region', { name: 'Block library' })
      .getByRole('button', { name: 'Project structure', exact: true })
      .click();
    await page
      .getByRole('list', { name: 'Composition blocks' })
      .getByRole('listitem', { name: 'Project structure', exact: true })
      .waitFor();
    expect(await listingProgress(page).count()).toBe(0);
    await page.getByText('Listing cancelled. Refresh to list the folder again.').waitFor();

    // Refresh lists again (nothing held any more) and the whole tree comes.
    await release(page, 'Listing');
    await release(page, 'Metadata');
    await page.getByRole('button', { name: 'Refresh', exact: true }).first().click();
    await page.getByRole('heading', { name: 'cancelled (0/202)' }).waitFor();
    await fileBox(page, 'README.md').check();
    await page.getByRole('heading', { name: 'cancelled (1/202)' }).waitFor();
    await listingProgress(page).waitFor({ state: 'detached' });
  });
});
