import type { Page } from 'playwright-core';
import {
  folderWorker,
  newSignedInPage,
  prependToFolderWorker,
  stubDirectoryPicker,
  writeOpfsProject,
  emptyComposition,
} from './support/fixtures';
import { describe, expect, test } from './support/test';
import { fileBox, listingProgress, promptViewer, tree } from './support/workspace';

const ROOT = 'refreshed';

/**
 * Notes each change record the app's FileSystemObserver receives, just before the app
 * does (same task: once a record is noted, the app has applied it). Plain JavaScript (see
 * support/fixtures.ts).
 */
const INSTRUMENT = `(() => {
  window.__records = [];
  window.__disconnected = 0;
  const Native = window.FileSystemObserver;
  if (!Native) return;
  window.FileSystemObserver = class extends Native {
    constructor(callback) {
      super((records, observer) => {
        for (const r of records) {
          window.__records.push(r.type + ' ' + r.relativePathComponents.join('/'));
        }
        callback(records, observer);
      });
    }
    disconnect() {
      window.__disconnected++;
      return super.disconnect();
    }
  };
})()`;

/**
 * Counts directory listings (every FileSystemDirectoryHandle iteration, by folder name) in
 * the folder-listing worker, where the app walks the folder.
 */
const COUNT_LISTINGS = `(() => {
  self.__listed = [];
  for (const method of ['entries', 'values', 'keys']) {
    const original = FileSystemDirectoryHandle.prototype[method];
    FileSystemDirectoryHandle.prototype[method] = function (...args) {
      self.__listed.push(this.name);
      return original.apply(this, args);
    };
  }
})()`;

/** The folders listed so far by the current folder's worker (`reset` empties the list). */
async function listed(page: Page, reset = false): Promise<string[]> {
  const worker = await folderWorker(page);
  return worker.evaluate<string[]>(reset ? '(self.__listed = [])' : 'self.__listed');
}

/** Writes (or with `null`, deletes) files of the OPFS project from the page, as an editor would. */
const EDIT = `async ({ root, edits }) => {
  const storage = await navigator.storage.getDirectory();
  for (const [filePath, content] of Object.entries(edits)) {
    const parts = filePath.split('/');
    const name = parts.pop();
    let dir = await storage.getDirectoryHandle(root);
    for (const part of parts) dir = await dir.getDirectoryHandle(part, { create: true });
    if (content === null) {
      await dir.removeEntry(name);
      continue;
    }
    const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
    await writable.write(content);
    await writable.close();
  }
}`;

async function edit(page: Page, edits: Record<string, string | null>, records: string[]) {
  await page.evaluate(`(${EDIT})(${JSON.stringify({ root: ROOT, edits })})`);
  // The observer reports asynchronously: refresh once the app has every record.
  await expect
    .poll(() => page.evaluate<string[]>('window.__records'), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(records));
}

/** Every file the tree shows (all folders expanded), with its change badge if any. */
async function treeState(page: Page): Promise<{ files: string[]; badges: Record<string, string> }> {
  const expand = tree(page).getByRole('button', { name: /^Expand / });
  while ((await expand.count()) > 0) await expand.first().click();
  const files: string[] = [];
  const badges: Record<string, string> = {};
  for (const row of await tree(page).getByRole('treeitem').all()) {
    const box = row.getByRole('checkbox', { name: /^Select (?!folder )/ });
    if ((await box.count()) === 0) continue;
    const path = ((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, '');
    files.push(path);
    const badge = row.getByTitle(/^(Added|Modified)$/);
    if ((await badge.count()) > 0) badges[path] = await badge.innerText();
  }
  return { files: files.sort(), badges };
}

type TreeState = Awaited<ReturnType<typeof treeState>>;

/**
 * Refresh (its label says changes are pending); once the tree shows `expected` (only the
 * refresh's listing can produce it), the folders that refresh listed.
 */
async function refresh(page: Page, expected: TreeState): Promise<string[]> {
  await listed(page, true);
  await page.getByRole('button', { name: 'Refresh (files changed on disk)', exact: true }).click();
  await expect.poll(() => treeState(page), { timeout: 30_000 }).toEqual(expected);
  return listed(page);
}

const PROJECT = {
  '.gitignore': '*.log\nbuild/\n',
  'README.md': '# Refreshed\n',
  'debug.log': 'noise\n',
  'build/out.js': 'console.log("built");\n',
  'src/index.ts': 'export const version = 1;\n',
  'src/lib/util.ts': 'export const util = true;\n',
  'src/lib/deep/old.ts': 'export const old = true;\n',
  'src/lib/deep/stay.ts': 'export const stay = true;\n',
  'docs/guide.md': '# Guide\n',
  'docs/api/ref.md': '# Reference\n',
};

describe('change-aware Refresh (e2e, decision 036)', () => {
  test('lists again only the changed folders; the tree and badges equal a full re-list', async ({
    browser,
    baseUrl,
  }) => {
    const { page, context } = await newSignedInPage(browser, baseUrl);
    await writeOpfsProject(page, ROOT, PROJECT);
    await stubDirectoryPicker(context, ROOT);
    await context.addInitScript(INSTRUMENT);
    await prependToFolderWorker(context, COUNT_LISTINGS);
    await page.reload();
    expect(await page.evaluate('typeof window.FileSystemObserver')).toBe('function');
    await page.getByRole('button', { name: 'Select a project folder' }).click();
    await tree(page).waitFor();
    await listingProgress(page).waitFor({ state: 'detached' });
    // The full listing: every folder but the ignored build/.
    await expect
      .poll(async () => (await listed(page)).sort())
      .toEqual(['api', 'deep', 'docs', 'lib', ROOT, 'src'].sort());

    // A history entry, so the change badges have a snapshot to compare with.
    await emptyComposition(page);
    await page.getByRole('button', { name: 'Selected files content' }).click();
    await fileBox(page, 'README.md').check();
    await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
    const viewer = promptViewer(page);
    await viewer.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('region', { name: 'History (1)' }).waitFor();

    // (a, b) Modify one file, add one in a nested folder, delete one.
    await edit(
      page,
      {
        'src/index.ts': 'export const version = 2; // changed\n',
        'docs/api/new.md': '# New page\n',
        'src/lib/deep/old.ts': null,
      },
      ['modified src/index.ts', 'appeared docs/api/new.md', 'disappeared src/lib/deep/old.ts'],
    );
    const afterEdits = {
      files: [
        '.gitignore',
        'README.md',
        'docs/api/new.md',
        'docs/api/ref.md',
        'docs/guide.md',
        'src/index.ts',
        'src/lib/deep/stay.ts',
        'src/lib/util.ts',
      ],
      badges: { 'docs/api/new.md': 'A', 'src/index.ts': 'M' },
    };
    expect((await refresh(page, afterEdits)).sort()).toEqual(['api', 'deep']);

    // (c) A changed .gitignore: its rules are applied again; only the folder it no longer
    // hides is listed (it was never entered), the one it now hides is dropped.
    await edit(page, { '.gitignore': '*.log\ndocs/api/\n' }, ['modified .gitignore']);
    const afterIgnore = {
      files: [
        '.gitignore',
        'README.md',
        'build/out.js',
        'docs/guide.md',
        'src/index.ts',
        'src/lib/deep/stay.ts',
        'src/lib/util.ts',
      ],
      badges: { '.gitignore': 'M', 'build/out.js': 'A', 'src/index.ts': 'M' },
    };
    expect(await refresh(page, afterIgnore)).toEqual(['build']);

    // A full re-list of the same folder (disconnect stops the observer; connecting again
    // lists everything) shows exactly the same tree and badges.
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => page.evaluate('window.__disconnected')).toBe(1);
    // Connecting again starts a new worker, which counts from nothing.
    await page.getByRole('button', { name: 'Select a project folder' }).click();
    await tree(page).waitFor();
    await listingProgress(page).waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await listed(page)).sort())
      .toEqual(['build', 'deep', 'docs', 'lib', ROOT, 'src'].sort());
    await expect.poll(() => treeState(page), { timeout: 30_000 }).toEqual(afterIgnore);
  });
});
