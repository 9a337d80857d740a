import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CORE_SYSTEM_IGNORE_PATTERNS, IgnoreMatcher } from '@promptloom/core';
import type { Page } from 'playwright-core';
import {
  GITIGNORE_FIXTURE,
  gitListedFiles,
  writeGitFixture,
} from '../packages/core/src/node/gitignore-fixture';
import {
  newSignedInPage,
  stubDirectoryPicker,
  withoutDirectoryPicker,
  writeOpfsProject,
} from './support/fixtures';
import { describe, expect, test } from './support/test';
import { tree } from './support/workspace';

/** Every file of the shown tree: select all, then show the selected files (all expanded). */
async function listedFiles(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 1280, height: 6000 });
  await page.getByRole('button', { name: 'Select all', exact: true }).click();
  await page.getByRole('button', { name: /^Show selected files only/ }).click();
  const labels = await tree(page)
    .getByRole('checkbox', { name: /^Select (?!folder )/ })
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.slice('Select '.length)).sort();
}

async function openOpfs(page: Page, root: string, files: Record<string, string>) {
  await writeOpfsProject(page, root, files);
  await stubDirectoryPicker(page.context(), root);
  await page.reload();
  await page.getByRole('button', { name: 'Select a project folder' }).click();
}

describe('folder opening in stages', () => {
  test('the browser tree equals git ls-files -co --exclude-standard minus the core list', async ({
    browser,
    baseUrl,
  }) => {
    const fixture = await writeGitFixture();
    const core = IgnoreMatcher.create({ corePatterns: CORE_SYSTEM_IGNORE_PATTERNS });
    const expected = gitListedFiles(fixture.dir)
      .filter((path) => !core.isPathIgnored(path))
      .sort();
    await fixture.cleanup();
    const { page } = await newSignedInPage(browser, baseUrl);
    // The case-sensitive setting, as git on Linux (the default follows the platform).
    await page.evaluate(() =>
      localStorage.setItem(
        'promptloom-ignore-view',
        JSON.stringify({ state: { showIgnored: false, ignoreCase: false }, version: 0 }),
      ),
    );
    await openOpfs(page, 'git-fixture', GITIGNORE_FIXTURE);
    await tree(page).waitFor();
    expect(await listedFiles(page)).toEqual(expected);
  });

  test('the upload path gives the same tree; a name the browser cannot represent is reported, not made a folder', async ({
    browser,
    baseUrl,
  }) => {
    // git accepts a backslash in a name; a browser path cannot hold it as one segment.
    const fixture = await writeGitFixture({ ...GITIGNORE_FIXTURE, 'odd\\name.txt': 'kept by git' });
    const core = IgnoreMatcher.create({ corePatterns: CORE_SYSTEM_IGNORE_PATTERNS });
    // Playwright, not Chromium, walks a folder given to setInputFiles (and treats links its
    // own way), so the links say nothing about the browser here: they are removed.
    await rm(join(fixture.dir, 'link-to-file.md'));
    await rm(join(fixture.dir, 'link-to-dir'));
    const gitFiles = gitListedFiles(fixture.dir);
    expect(gitFiles).toContain('odd\\name.txt');
    const expected = gitFiles
      .filter((path) => !core.isPathIgnored(path) && path !== 'odd\\name.txt')
      .sort();
    const { page, context } = await newSignedInPage(browser, baseUrl);
    await page.evaluate(() =>
      localStorage.setItem(
        'promptloom-ignore-view',
        JSON.stringify({ state: { showIgnored: false, ignoreCase: false }, version: 0 }),
      ),
    );
    // The folder-upload input (webkitdirectory) instead of the picker.
    await withoutDirectoryPicker(context);
    await page.reload();
    await page.bringToFront();
    await page.getByLabel('Upload a project folder').first().setInputFiles(fixture.dir);
    await tree(page).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: '1 file has a name the browser cannot represent: odd\\name.txt' })
      .waitFor();
    const files = await listedFiles(page);
    await fixture.cleanup();
    expect(files).toEqual(expected);
    expect(files.some((path) => path.startsWith('odd'))).toBe(false);
  });
});
