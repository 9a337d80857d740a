import { generateKeyPairSync } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fakeChars } from '@promptloom/core/secrets/fixtures';
import type { Locator, Page } from 'playwright-core';
import {
  ACTION_TIMEOUT_MS,
  newSignedInPage,
  signInLocally,
  writeDiskProject,
  emptyComposition,
  withoutDirectoryPicker,
  type ContextFactory,
  type ProjectFiles,
  uploadFolder,
} from './support/fixtures';
import { settledTokens } from './support/tokens';
import { describe, expect, test } from './support/test';
import {
  closePrompt,
  fileRow,
  generatePrompt,
  historyPanel,
  promptViewer,
  listingProgress,
  tree,
} from './support/workspace';

const ROOT = 'history-project';
const GREET_BEFORE = 'export function greet(name: string): string {';
const GREET_CHANGED = '  return `Goodbye, ${name}!`;';

/**
 * A new user, signed in, who opened `files` (written on disk under `rootName`) through the
 * upload fallback: uploads are not kept, so the tests that reload can open it again.
 */
async function signedInWithProject(
  browser: ContextFactory,
  baseUrl: string,
  rootName = ROOT,
  files?: ProjectFiles,
) {
  const signedIn = await newSignedInPage(browser, baseUrl);
  const dir = await writeDiskProject(rootName, files);
  await withoutDirectoryPicker(signedIn.context);
  await signedIn.page.reload();
  await uploadFolder(signedIn.page, dir);
  return { ...signedIn, dir };
}

/** Writes files of the project folder in place (the others keep their size and mtime). */
async function writeProjectFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [filePath, content] of Object.entries(files)) {
    const target = path.join(dir, ...filePath.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

const entries = (page: Page) =>
  historyPanel(page).getByRole('list', { name: 'Prompt history' }).getByRole('article');

/** The file paths the tree shows (files only, not folders). */
async function visibleFiles(page: Page): Promise<string[]> {
  const boxes = tree(page).getByRole('checkbox', { name: /^Select (?!folder )/ });
  const labels = await Promise.all(
    (await boxes.all()).map(async (box) => (await box.getAttribute('aria-label')) ?? ''),
  );
  return labels.map((label) => label.replace(/^Select /, '')).sort();
}

async function confirmWith(page: Page, title: string, button: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * After a reload and upload, a row's flag is final once the last prompt is loaded, the file is
 * flagged and the check of contents against that prompt has ended: a Diff opened sooner may
 * compare what was read before.
 */
async function settledFlag(page: Page, file: string): Promise<void> {
  await page.getByRole('heading', { name: 'History (1)' }).waitFor();
  await fileRow(page, file).getByTitle('Modified').waitFor();
  await listingProgress(page).waitFor({ state: 'detached' });
}

async function expectChecked(box: Locator, checked: boolean): Promise<void> {
  await expect.poll(() => box.isChecked(), { timeout: ACTION_TIMEOUT_MS }).toBe(checked);
}

describe('prompt history, change detection and diff', () => {
  test('records generations, flags and diffs changes, restores, deletes and clears', async ({
    browser,
    baseUrl,
  }) => {
    // Open the project; no history yet, so no panel and no change badges.
    const { page, dir } = await signedInWithProject(browser, baseUrl);
    expect(await historyPanel(page).count()).toBe(0);

    // First generation: the files block, the task with a request, two selected files.
    await emptyComposition(page);
    await page.getByRole('button', { name: 'Selected files content' }).click();
    await page.getByRole('button', { name: 'Dynamic User Task' }).click();
    await page.getByLabel('Final request').fill('Explain the greeting');
    await page.getByRole('button', { name: 'Expand src' }).click();
    await page.getByRole('checkbox', { name: 'Select src/greet.ts', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Select README.md', exact: true }).check();
    await generatePrompt(page);
    await closePrompt(page);

    await historyPanel(page).waitFor();
    await expect.poll(() => entries(page).count(), { timeout: ACTION_TIMEOUT_MS }).toBe(1);
    const first = entries(page).first();
    expect(await first.innerText()).toMatch(/Explain the greeting/);
    expect(await first.innerText()).toMatch(/2 blocks/);
    expect(await first.innerText()).toMatch(/2 files/);
    expect(await first.innerText()).toMatch(/\d[\d,]* tokens?\b/);
    expect(await first.innerText()).toMatch(/^\d{1,2}:\d\d(\s[AP]M)?/);

    // Generating straight after typing (inside the counting debounce) still records the
    // prompt's exact token count: the entry matches what the prompt viewer reports.
    const tokensOf = async (entry: Locator) =>
      Number(/([\d,]+) tokens?\b/.exec(await entry.innerText())![1]!.replace(/\D/g, ''));
    const firstTokens = await tokensOf(first);
    await page.getByLabel('Final request').fill('Explain the greeting, then list its callers');
    await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
    const footer = await promptViewer(page).locator('footer').innerText();
    const viewerTokens = Number(/([\d,\s]+) \//.exec(footer)![1]!.replace(/\D/g, ''));
    await promptViewer(page).getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => entries(page).count(), { timeout: ACTION_TIMEOUT_MS }).toBe(2);
    const latestTokens = await tokensOf(entries(page).first());
    expect(latestTokens).toBe(viewerTokens);
    expect(latestTokens).toBeGreaterThan(firstTokens);
    await entries(page).first().getByRole('button', { name: 'Delete entry' }).click();
    await confirmWith(page, 'Delete this entry?', 'Delete');
    await expect.poll(() => entries(page).count(), { timeout: ACTION_TIMEOUT_MS }).toBe(1);
    await page.getByLabel('Final request').fill('Explain the greeting');

    await writeProjectFiles(dir, {
      'src/greet.ts': `${GREET_BEFORE}\n${GREET_CHANGED}\n}\n`,
      'src/farewell.ts': 'export const farewell = () => "bye";\n',
    });
    await page.reload();
    await page.getByRole('heading', { name: `Select ${ROOT} again` }).waitFor();
    await uploadFolder(page, dir);

    // The collapsed src folder carries the changes dot; expanded, the badges show.
    const srcRow = tree(page)
      .getByRole('treeitem')
      .filter({ has: page.getByRole('button', { name: 'Expand src' }) });
    await srcRow.getByTitle('Contains changes').waitFor();
    await page.getByRole('button', { name: 'Expand src' }).click();
    await fileRow(page, 'src/greet.ts').getByTitle('Modified').waitFor();
    expect(await fileRow(page, 'src/greet.ts').getByTitle('Modified').innerText()).toBe('M');
    expect(await fileRow(page, 'src/farewell.ts').getByTitle('Added').innerText()).toBe('A');
    expect(
      await fileRow(page, 'src/index.ts')
        .getByTitle(/Added|Modified/)
        .count(),
    ).toBe(0);
    expect(
      await fileRow(page, 'src/farewell.ts').getByRole('button', { name: 'Diff' }).count(),
    ).toBe(0);

    // The diff of the modified file shows the changed line, old against new.
    await fileRow(page, 'src/greet.ts').getByRole('button', { name: 'Diff' }).click();
    const diff = page.getByRole('dialog', { name: 'Changes in src/greet.ts' });
    await diff.locator('[data-diff="added"]').first().waitFor();
    expect(await diff.locator('[data-diff="removed"]').allInnerTexts()).toEqual([
      expect.stringContaining('return `Hello, ${name}!`;'),
    ]);
    expect(await diff.locator('[data-diff="added"]').allInnerTexts()).toEqual([
      expect.stringContaining('return `Goodbye, ${name}!`;'),
    ]);
    expect(await diff.innerText()).toContain(GREET_BEFORE);
    await diff.getByRole('button', { name: 'Close' }).first().click();
    await diff.waitFor({ state: 'detached' });

    // The changes filter shows exactly the two changed files.
    await page.getByRole('button', { name: 'Show changed files only: 2' }).click();
    await page.getByRole('heading', { name: 'Changed files (2)' }).waitFor();
    expect(await visibleFiles(page)).toEqual(['src/farewell.ts', 'src/greet.ts']);

    // Add them to the selection: the new file joins greet.ts and README.md.
    const farewellBox = page.getByRole('checkbox', { name: 'Select src/farewell.ts', exact: true });
    await expectChecked(farewellBox, false);
    await page.getByRole('button', { name: 'Add changed files' }).click();
    await expectChecked(farewellBox, true);
    await page.getByRole('button', { name: 'Show selected files only: 3' }).click();
    await page.getByRole('heading', { name: 'Selected files (3)' }).waitFor();
    expect(await visibleFiles(page)).toEqual(['README.md', 'src/farewell.ts', 'src/greet.ts']);
    await page.getByRole('button', { name: 'Show selected files only: 3' }).click();

    // Second generation, without a request: both generations are listed, newest first.
    await page.getByLabel('Final request').fill('');
    await generatePrompt(page);
    await closePrompt(page);
    await page.getByRole('heading', { name: 'History (2)' }).waitFor();
    const [latest, oldest] = [entries(page).nth(0), entries(page).nth(1)];
    expect(await latest.getAttribute('aria-current')).toBe('true');
    expect(await oldest.getAttribute('aria-current')).toBeNull();
    expect(await latest.getByText('No task specified').count()).toBe(1);
    expect(await latest.innerText()).toMatch(/3 files/);
    expect(await oldest.innerText()).toMatch(/Explain the greeting/);
    // The new snapshot holds the current files: no changes remain.
    await page.getByRole('button', { name: 'Show changed files only: 0' }).waitFor();

    // View the first prompt.
    await oldest.getByRole('button', { name: 'View prompt' }).click();
    const viewer = page.getByRole('dialog', { name: /^Prompt of \d{1,2}:\d\d(\s[AP]M)?$/ });
    expect(await viewer.getByLabel('Prompt text').innerText()).toContain('Hello, ${name}!');
    await viewer.getByRole('button', { name: 'Close' }).first().click();
    await viewer.waitFor({ state: 'detached' });

    // Restore the first session: its request and files come back.
    await oldest.getByRole('button', { name: 'Restore session' }).click();
    await confirmWith(page, 'Restore this session?', 'Restore');
    await expect
      .poll(() => page.getByLabel('Final request').inputValue())
      .toBe('Explain the greeting');
    await expectChecked(farewellBox, false);
    await expectChecked(
      page.getByRole('checkbox', { name: 'Select src/greet.ts', exact: true }),
      true,
    );

    // Delete the latest entry; the first one becomes the latest again.
    await latest.getByRole('button', { name: 'Delete entry' }).click();
    await confirmWith(page, 'Delete this entry?', 'Delete');
    await page.getByRole('heading', { name: 'History (1)' }).waitFor();
    expect(await entries(page).first().innerText()).toMatch(/Explain the greeting/);
    expect(await entries(page).first().getAttribute('aria-current')).toBe('true');
    // Changes are measured against the first snapshot again.
    await page.getByRole('button', { name: 'Show changed files only: 2' }).waitFor();

    // Clear everything: the panel goes, and so do the change badges.
    await historyPanel(page).getByRole('button', { name: 'Clear history' }).click();
    await confirmWith(page, 'Clear the history?', 'Clear history');
    await historyPanel(page).waitFor({ state: 'detached' });
    await page.reload();
    await uploadFolder(page, dir);
    expect(await historyPanel(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Show changed files only: 0' }).waitFor();
  });

  test('log-out clears the histories and the prompt state', async ({ browser, baseUrl }) => {
    const { page, user, dir } = await signedInWithProject(browser, baseUrl);
    await page.getByLabel('Final request').fill('Before logging out');
    await generatePrompt(page);
    await closePrompt(page);
    await page.getByRole('heading', { name: 'History (1)' }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await confirmWith(page, 'Log out?', 'Log out');
    await page.waitForURL('**/login');

    // The same user signs in again and reopens the same folder: nothing was kept.
    await signInLocally(page, user);
    await uploadFolder(page, dir);
    expect(await historyPanel(page).count()).toBe(0);
    // The project starts again from the default composition, with an empty request.
    expect(await page.getByLabel('Final request').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Show changed files only: 0' }).waitFor();
  });

  test('no diff for a touched identical file, no diff outside the last prompt, replace with changes', async ({
    browser,
    baseUrl,
  }) => {
    const { page, dir } = await signedInWithProject(browser, baseUrl);
    await emptyComposition(page);
    await page.getByRole('button', { name: 'Selected files content' }).click();
    await page.getByRole('checkbox', { name: 'Select README.md', exact: true }).check();
    await generatePrompt(page);
    await closePrompt(page);
    await page.getByRole('heading', { name: 'History (1)' }).waitFor();

    // README.md: same bytes, newer mtime. package.json: changed, but not in the prompt.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, 'README.md'), later, later);
    await writeProjectFiles(dir, { 'package.json': '{\n  "name": "renamed"\n}\n' });
    await page.reload();
    await uploadFolder(page, dir);
    await fileRow(page, 'package.json').getByTitle('Modified').waitFor();
    await settledFlag(page, 'README.md');

    await fileRow(page, 'README.md').getByRole('button', { name: 'Diff' }).click();
    const diff = page.getByRole('dialog', { name: 'Changes in README.md' });
    await diff
      .getByText('No differences: the file matches the version of the last prompt.')
      .waitFor();
    await diff.getByRole('button', { name: 'Close' }).first().click();
    await diff.waitFor({ state: 'detached' });

    // package.json changed but was not in the last prompt: nothing to compare, no Diff button.
    expect(await fileRow(page, 'package.json').getByRole('button', { name: 'Diff' }).count()).toBe(
      0,
    );

    // In the changes filter, the selection can be replaced by the changed files.
    await page.getByRole('button', { name: 'Expand docs' }).click();
    await page.getByRole('checkbox', { name: 'Select docs/guide.md', exact: true }).check();
    await page.getByRole('button', { name: 'Show changed files only: 2' }).click();
    await page
      .getByRole('button', { name: 'Replace the selection with the changed files' })
      .click();
    await page.getByRole('button', { name: 'Show selected files only: 2' }).click();
    await page.getByRole('heading', { name: 'Selected files (2)' }).waitFor();
    // The filtered rows are drawn after the heading's count: read them once they are.
    await expect
      .poll(() => visibleFiles(page), { timeout: ACTION_TIMEOUT_MS })
      .toEqual(['README.md', 'package.json']);
  });

  test('after a redacted prompt, the diff of a file shows only what changed, not its secrets', async ({
    browser,
    baseUrl,
  }) => {
    const token = `ghp_${fakeChars(36, 2026)}`;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString().trim();
    const env = `# deployment settings\nGITHUB_TOKEN=${token}\nREGION=eu-west-3\n${pem}\nRETRIES=3\n`;
    const { page, dir } = await signedInWithProject(browser, baseUrl, 'redacted-project', {
      'settings.env': env,
    });
    await page.getByRole('checkbox', { name: 'Select settings.env', exact: true }).check();
    await settledTokens(page);
    await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
    const warning = page.getByRole('dialog', { name: 'Possible secrets in this prompt' });
    await warning.getByRole('button', { name: 'Redact', exact: true }).click();
    const viewer = promptViewer(page);
    await viewer.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('heading', { name: 'History (1)' }).waitFor();

    // Same bytes, newer mtime: flagged as modified, yet nothing changed.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, 'settings.env'), later, later);
    await page.reload();
    await uploadFolder(page, dir);
    await settledFlag(page, 'settings.env');
    await fileRow(page, 'settings.env').getByRole('button', { name: 'Diff' }).click();
    const diff = page.getByRole('dialog', { name: 'Changes in settings.env' });
    await diff
      .getByText('No differences: the file matches the version of the last prompt.')
      .waitFor();
    await diff.getByRole('button', { name: 'Close' }).first().click();
    await diff.waitFor({ state: 'detached' });

    // One real change: only that line is marked, and the secrets stay hidden.
    await writeProjectFiles(dir, { 'settings.env': env.replace('RETRIES=3', 'RETRIES=5') });
    await page.reload();
    await uploadFolder(page, dir);
    await settledFlag(page, 'settings.env');
    await fileRow(page, 'settings.env').getByRole('button', { name: 'Diff' }).click();
    await diff.locator('[data-diff="added"]').first().waitFor();
    expect(await diff.locator('[data-diff="removed"]').allInnerTexts()).toEqual([
      expect.stringContaining('RETRIES=3'),
    ]);
    expect(await diff.locator('[data-diff="added"]').allInnerTexts()).toEqual([
      expect.stringContaining('RETRIES=5'),
    ]);
    expect(await diff.innerText()).not.toContain(token);
    await diff
      .getByText('Secrets the last prompt redacted are shown redacted on both sides.')
      .waitFor();
  });
});
