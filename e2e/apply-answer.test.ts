import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { applyDialog, onDisk as onDiskIn, reviewAnswer } from './support/apply';
import { EDITED_FILES, GREET_EDIT, UNIFIED_DIFF, WINDOWS_EDIT } from './support/edited-files';
import { newSignedInPage, openOpfsFolder, writeDiskProject } from './support/fixtures';
import { insideWidth } from './support/layout';
import { fileBox, promptViewer, tree } from './support/workspace';
import { describe, expect, test } from './support/test';

const ROOT = 'applied';
const dialog = applyDialog;

const FILES = {
  'README.md': '# Applied\n',
  ...EDITED_FILES,
  'src/utils/math.ts': 'export const add = (a: number, b: number): number => a + b;\n',
  'docs/guide.md': '# Guide\n\nRun `npm start`.\n',
};

const onDisk = (page: Page, filePath: string) => onDiskIn(page, ROOT, filePath);

const EDIT = `async ({ root, filePath, content }) => {
  const parts = filePath.split('/');
  const name = parts.pop();
  let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(root);
  for (const part of parts) dir = await dir.getDirectoryHandle(part);
  const writable = await (await dir.getFileHandle(name)).createWritable();
  await writable.write(content);
  await writable.close();
}`;

const openFolder = (page: Page) => openOpfsFolder(page, ROOT, FILES);
const review = reviewAnswer;

async function writeAndUndo(page: Page, written: string, check: () => Promise<void>) {
  await dialog(page).getByRole('button', { name: 'Write changes' }).click();
  await dialog(page).getByRole('status').filter({ hasText: written }).waitFor();
  await check();
  await dialog(page).getByRole('button', { name: 'Undo apply' }).click();
  await dialog(page).getByRole('status').filter({ hasText: 'Apply undone' }).waitFor();
  for (const [filePath, content] of Object.entries(FILES)) {
    expect(await onDisk(page, filePath), filePath).toBe(content);
  }
  await dialog(page).getByRole('button', { name: 'Close' }).last().click();
}

const SEARCH_REPLACE = ['Here is the change.', '', GREET_EDIT, '', WINDOWS_EDIT].join('\n');

const WHOLE_FILES = [
  '### src/utils/math.ts',
  '',
  '```ts',
  'export const add = (a: number, b: number): number => a + b;',
  'export const sub = (a: number, b: number): number => a - b;',
  '```',
  '',
  '### src/new/deep/hello.ts',
  '',
  '```ts',
  'export const hello = "world";',
  '```',
].join('\n');

describe('apply an answer (e2e)', () => {
  test('asks for a format, writes answers in the three formats, undoes each byte for byte', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await openFolder(page);

    // The default composition asks for a format (search/replace unless told otherwise),
    // before the request.
    const composition = page.getByRole('list', { name: 'Composition blocks' });
    await composition.getByRole('listitem', { name: 'Answer format', exact: true }).waitFor();
    expect(
      await composition
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
    ).toEqual([
      'Project structure',
      'Selected files content',
      'Answer format',
      'Dynamic User Task',
    ]);
    await fileBox(page, 'README.md').check();
    await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
    const viewer = promptViewer(page);
    const prompt = (await viewer.getByLabel('Prompt text').textContent()) ?? '';
    expect(prompt).toContain('<<<<<<< SEARCH');
    expect(prompt).toContain('When you change files, write each change as a search/replace block');

    // Search/replace, opened from the prompt dialog: CRLF stays CRLF.
    await viewer.getByRole('button', { name: 'Apply answer' }).click();
    await review(page, SEARCH_REPLACE);
    expect(await dialog(page).getByRole('checkbox', { name: 'src/greet.ts' }).isChecked()).toBe(
      true,
    );
    await writeAndUndo(page, '2 files written.', async () => {
      expect(await onDisk(page, 'src/greet.ts')).toBe(
        'export function greet(name: string): string {\n  return `Hi, ${name}!`;\n}\n',
      );
      expect(await onDisk(page, 'src/windows.txt')).toBe('one\r\nTWO\r\nthree\r\n');
    });

    // Whole files, from the workspace: a new file in new folders; undo removes it.
    await page.getByRole('button', { name: 'Apply answer' }).click();
    await review(page, WHOLE_FILES);
    await writeAndUndo(page, '2 files written.', async () => {
      expect(await onDisk(page, 'src/utils/math.ts')).toBe(
        'export const add = (a: number, b: number): number => a + b;\nexport const sub = (a: number, b: number): number => a - b;\n',
      );
      expect(await onDisk(page, 'src/new/deep/hello.ts')).toBe('export const hello = "world";\n');
    });
    expect(await onDisk(page, 'src/new/deep/hello.ts')).toBeNull();

    // Unified diff with a deletion, written after a confirmation.
    await page.getByRole('button', { name: 'Apply answer' }).click();
    await review(page, UNIFIED_DIFF);
    await dialog(page).getByRole('button', { name: 'Write changes' }).click();
    await page
      .getByRole('dialog', { name: 'Delete files?' })
      .getByRole('button', { name: 'Delete and write' })
      .click();
    await dialog(page).getByRole('status').filter({ hasText: '2 files written.' }).waitFor();
    expect(await onDisk(page, 'docs/guide.md')).toBeNull();
    expect(await onDisk(page, 'src/utils/math.ts')).toBe(
      'export const add = (a: number, b: number): number => a + b;\nexport const twice = (a: number): number => add(a, a);\n',
    );
    // Undone later, from the project's history: the apply is listed under the prompt it answered.
    await dialog(page).getByRole('button', { name: 'Close' }).last().click();
    await page
      .getByRole('list', { name: 'Answers applied after this prompt' })
      .getByRole('listitem')
      .filter({ hasText: 'docs/guide.md' })
      .getByRole('button', { name: 'Undo apply' })
      .click();
    await dialog(page).getByRole('button', { name: 'Undo apply' }).click();
    await dialog(page).getByRole('status').filter({ hasText: 'Apply undone' }).waitFor();
    for (const [filePath, content] of Object.entries(FILES)) {
      expect(await onDisk(page, filePath), filePath).toBe(content);
    }
  });

  test('does not write a file changed since the review, and refuses a path out of the folder', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await openFolder(page);
    await page.getByRole('button', { name: 'Apply answer' }).click();
    // An answer in prose only: nothing to review or write; Edit answer leads back to the box.
    await dialog(page)
      .getByRole('textbox', { name: 'Model answer' })
      .fill('I would rename greet() to welcome() and keep the rest.');
    await dialog(page).getByRole('button', { name: 'Read answer' }).click();
    await dialog(page)
      .getByRole('status')
      .filter({ hasText: 'No file edit was found in this answer.' })
      .waitFor();
    await dialog(page).getByRole('listitem').filter({ hasText: 'Unified diff' }).waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Write changes' }).count()).toBe(0);
    await dialog(page).getByRole('button', { name: 'Edit answer' }).click();
    await review(page, `${SEARCH_REPLACE}\n\n### ../outside.txt\n\n\`\`\`\nescaped\n\`\`\`\n`);
    const refused = dialog(page).getByRole('checkbox', { name: '../outside.txt' });
    expect(await refused.isDisabled()).toBe(true);
    await dialog(page)
      .getByRole('button', { name: /\.\.\/outside\.txt/ })
      .click();
    await dialog(page).getByText('../outside.txt is outside the project folder: refused').waitFor();

    // An editor changes greet.ts between the review and the write.
    const edited = 'export const edited = true;\n';
    await page.evaluate(
      `(${EDIT})(${JSON.stringify({ root: ROOT, filePath: 'src/greet.ts', content: edited })})`,
    );
    await dialog(page).getByRole('button', { name: 'Write changes' }).click();
    await dialog(page).getByRole('status').filter({ hasText: '1 file written.' }).waitFor();
    await dialog(page)
      .getByRole('region', { name: 'Changed on disk since the review: not written' })
      .getByText('src/greet.ts')
      .waitFor();
    expect(await onDisk(page, 'src/greet.ts')).toBe(edited);
    expect(await onDisk(page, 'src/windows.txt')).toBe('one\r\nTWO\r\nthree\r\n');
  });

  test('beside a long review list, the chosen diff stays in view as the list scrolls', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await openFolder(page);
    await page.getByRole('button', { name: 'Apply answer' }).click();
    const names = Array.from({ length: 100 }, (_, k) => `src/many/file-${k}.ts`);
    const lines = (k: number) =>
      Array.from({ length: 30 }, (_, n) => `export const v${k}_${n} = ${n};`);
    await review(
      page,
      names.flatMap((name, k) => [`### ${name}`, '', '```ts', ...lines(k), '```', '']).join('\n'),
      { paste: true },
    );
    const box = dialog(page).locator('[data-review-scroll]');
    const list = dialog(page).getByRole('list', { name: 'Files the answer touches' });

    // The list scrolled to its end with the wheel, then its last file chosen.
    await list.hover();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 2000);
        return box.evaluate((e) => e.scrollTop + e.clientHeight >= e.scrollHeight - 1);
      })
      .toBe(true);
    await dialog(page)
      .getByRole('button', { name: /^src\/many\/file-99\.ts/ })
      .click();
    const diff = dialog(page).getByRole('region', {
      name: 'src/many/file-99.ts now / src/many/file-99.ts after the apply',
    });
    await diff.getByText('export const v99_0 = 0;').waitFor();

    // The diff pane is inside the review's box, which is inside the viewport: not left
    // behind at the top of the list, with the dialog's right half blank.
    const view = (await box.boundingBox())!;
    const pane = (await diff.boundingBox())!;
    expect(view.y).toBeGreaterThanOrEqual(0);
    expect(view.y + view.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(pane.y).toBeGreaterThanOrEqual(view.y);
    expect(pane.y + pane.height).toBeLessThanOrEqual(view.y + view.height + 1);
    expect(pane.x).toBeGreaterThan((await list.boundingBox())!.x);
    const line = (await diff.getByText('export const v99_0 = 0;').boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(view.y);
    expect(line.y + line.height).toBeLessThanOrEqual(view.y + view.height);

    // At 390 px the review is one column, the diff under the list, nothing clipped on the
    // right.
    await page.setViewportSize({ width: 390, height: 844 });
    await diff.getByText('export const v99_0 = 0;').waitFor();
    expect(await box.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await insideWidth(page, diff)).toBe(true);
    expect((await diff.boundingBox())!.y).toBeGreaterThan((await list.boundingBox())!.y);
    expect(await insideWidth(page, diff.getByText('export const v99_0 = 0;'))).toBe(true);
  });

  test('the upload path reviews the same way and downloads a patch git apply accepts', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    const dir = await writeDiskProject(ROOT, FILES);
    await page.bringToFront();
    await page.getByLabel('Upload a project folder').first().setInputFiles(dir);
    await tree(page).waitFor();
    await page.getByRole('button', { name: 'Apply answer' }).click();
    await review(page, `${SEARCH_REPLACE}\n\n${WHOLE_FILES}`);
    expect(await dialog(page).getByRole('button', { name: 'Write changes' }).count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog(page).getByRole('button', { name: 'Download patch' }).click(),
    ]);
    const patch = await readFile(await download.path(), 'utf8');

    const copy = path.join(await mkdtemp(path.join(os.tmpdir(), 'promptloom-apply-')), ROOT);
    for (const [filePath, content] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(copy, filePath)), { recursive: true });
      await writeFile(path.join(copy, filePath), content);
    }
    execFileSync('git', ['init', '-q'], { cwd: copy });
    execFileSync('git', ['apply', '-'], { cwd: copy, input: patch });
    expect(await readFile(path.join(copy, 'src/windows.txt'), 'utf8')).toBe(
      'one\r\nTWO\r\nthree\r\n',
    );
    expect(await readFile(path.join(copy, 'src/new/deep/hello.ts'), 'utf8')).toBe(
      'export const hello = "world";\n',
    );
    expect(await readFile(path.join(copy, 'src/greet.ts'), 'utf8')).toContain('Hi, ${name}');
  });
});
