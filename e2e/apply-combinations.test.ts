import type { Page } from 'playwright-core';
import { applyDialog, onDisk, reviewAnswer } from './support/apply';
import { GREET_EDIT } from './support/edited-files';
import { newSignedInPage, openOpfsFolder } from './support/fixtures';
import { folderBox, promptViewer } from './support/workspace';
import { describe, expect, test } from './support/test';

const BOM = '\uFEFF';
/** The same name twice: decomposed on disk (as macOS keeps it), composed in the answer. */
const DECOMPOSED = 'src/cafe\u0301.txt';
const COMPOSED = 'src/caf\u00e9.txt';

const MIXED_FILES: Record<string, string> = {
  'src/greet.ts': 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
  'src/bom.txt': `${BOM}one\r\ntwo\r\nthree\r\n`,
  'src/old.ts': 'export const old = 1;\nexport const keep = 2;\n',
  'docs/a.md': '# A\n',
  [DECOMPOSED]: 'croissant\n',
};

/** Search/replace, a whole file, a diff renaming, editing and deleting, in one answer. */
const MIXED = [
  'Mixed.',
  '',
  GREET_EDIT,
  '',
  '### src/bom.txt',
  '',
  '```',
  'ONE',
  'two',
  'three',
  '```',
  '',
  '```diff',
  'diff --git a/src/old.ts b/src/new.ts',
  'similarity index 60%',
  'rename from src/old.ts',
  'rename to src/new.ts',
  '--- a/src/old.ts',
  '+++ b/src/new.ts',
  '@@ -1,2 +1,2 @@',
  '-export const old = 1;',
  '+export const renamed = 1;',
  ' export const keep = 2;',
  '--- a/docs/a.md',
  '+++ /dev/null',
  '@@ -1 +0,0 @@',
  '-# A',
  '```',
  '',
  COMPOSED,
  '```',
  '<<<<<<< SEARCH',
  'croissant',
  '=======',
  'pain au chocolat',
  '>>>>>>> REPLACE',
  '```',
].join('\n');

const REMOVE = `async ({ root, filePath }) => {
  const parts = filePath.split('/');
  const name = parts.pop();
  let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(root);
  for (const part of parts) dir = await dir.getDirectoryHandle(part);
  await dir.removeEntry(name);
}`;

/** The review's rows as [path, status badge]. */
const rows = (page: Page) =>
  applyDialog(page)
    .getByRole('list', { name: 'Files the answer touches' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('input')?.getAttribute('aria-label') ?? '',
        item.querySelector('.uppercase')?.textContent ?? '',
      ]),
    );

async function generateAndOpenApply(page: Page) {
  await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
  await promptViewer(page).getByRole('button', { name: 'Apply answer' }).click();
  await applyDialog(page).waitFor();
}

describe('apply, answers that combine (e2e)', () => {
  test('a mixed answer writes each file once, not one deleted since the review, and undoes', async ({
    browser,
    baseUrl,
  }) => {
    const root = 'combined';
    const { page } = await newSignedInPage(browser, baseUrl);
    await openOpfsFolder(page, root, MIXED_FILES);
    await folderBox(page, 'src').check();
    await generateAndOpenApply(page);
    await reviewAnswer(page, MIXED);
    // The composed name edits the decomposed file the folder holds.
    expect(await rows(page)).toEqual([
      ['src/greet.ts', 'modified'],
      ['src/bom.txt', 'modified'],
      ['src/new.ts', 'renamed'],
      ['docs/a.md', 'deleted'],
      [DECOMPOSED, 'modified'],
    ]);

    // greet.ts goes away between the review and the write: it is not written again.
    await page.evaluate(`(${REMOVE})(${JSON.stringify({ root, filePath: 'src/greet.ts' })})`);
    await applyDialog(page).getByRole('button', { name: 'Write changes' }).click();
    // The confirmation names the text lost, not the old path of the rename (its text moves).
    const confirm = page.getByRole('dialog', { name: 'Delete files?' });
    await confirm
      .getByText('Writing these changes deletes: docs/a.md. Undo apply can bring them back.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete and write' }).click();
    await applyDialog(page).getByRole('status').filter({ hasText: '4 files written.' }).waitFor();
    await applyDialog(page)
      .getByRole('region', { name: 'Changed on disk since the review: not written' })
      .getByText('src/greet.ts')
      .waitFor();
    const disk = (path: string) => onDisk(page, root, path);
    expect(await disk('src/greet.ts')).toBeNull();
    // A whole file answered with LF keeps the file's BOM and CRLF endings.
    expect(await disk('src/bom.txt')).toBe(`${BOM}ONE\r\ntwo\r\nthree\r\n`);
    expect(await disk('src/old.ts')).toBeNull();
    expect(await disk('src/new.ts')).toBe('export const renamed = 1;\nexport const keep = 2;\n');
    expect(await disk('docs/a.md')).toBeNull();
    expect(await disk(DECOMPOSED)).toBe('pain au chocolat\n');
    expect(await disk(COMPOSED)).toBeNull();

    await applyDialog(page).getByRole('button', { name: 'Undo apply' }).click();
    await applyDialog(page)
      .getByRole('heading', { name: 'Apply undone: 5 files restored.' })
      .waitFor();
    for (const [path, text] of Object.entries(MIXED_FILES)) {
      expect(await disk(path), path).toBe(path === 'src/greet.ts' ? null : text);
    }
    expect(await disk('src/new.ts')).toBeNull();
    await applyDialog(page).getByRole('button', { name: 'Close' }).last().click();

    // A second round after the undo: the same answer applies again, nothing shown as applied.
    await generateAndOpenApply(page);
    expect(
      await applyDialog(page).getByRole('textbox', { name: 'Model answer' }).textContent(),
    ).toBe('');
    await reviewAnswer(page, MIXED);
    expect(await rows(page)).toEqual([
      ['src/greet.ts', 'failed'],
      ['src/bom.txt', 'modified'],
      ['src/new.ts', 'renamed'],
      ['docs/a.md', 'deleted'],
      [DECOMPOSED, 'modified'],
    ]);
  });

  test('at 390 px a long list keeps each file name whole; a case-only rename asks nothing', async ({
    browser,
    baseUrl,
  }) => {
    const root = 'long-list';
    const deep = 'packages/a-rather-long-package-name/src/components/deeply/nested';
    const names = Array.from({ length: 40 }, (_, k) => `${deep}/panel-${k}-settings-form.tsx`);
    const files: Record<string, string> = { 'src/Greet.ts': 'export const greet = 1;\n' };
    for (const [k, name] of names.entries()) files[name] = `export const v${k} = ${k};\n`;
    const { page } = await newSignedInPage(browser, baseUrl);
    await openOpfsFolder(page, root, files);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Apply answer' }).first().click();
    const answer = [
      '```diff',
      'diff --git a/src/Greet.ts b/src/greet.ts',
      'similarity index 100%',
      'rename from src/Greet.ts',
      'rename to src/greet.ts',
      '```',
      ...names.flatMap((name, k) => [
        '',
        `### ${name}`,
        '```tsx',
        `export const v${k} = -1;`,
        '```',
      ]),
    ].join('\n');
    await reviewAnswer(page, answer);
    const list = applyDialog(page).getByRole('list', { name: 'Files the answer touches' });
    // Every file name shows whole (its folders give way), so that no two rows look alike,
    // and nothing runs past the dialog.
    const cut = await list.evaluate((element) =>
      Array.from(element.querySelectorAll<HTMLElement>('[data-text]'))
        .filter((part) => !part.dataset.text!.endsWith('/'))
        .filter((part) => {
          // Cut: narrower than it is when it may not shrink.
          const drawn = part.getBoundingClientRect().width;
          part.style.flex = 'none';
          const whole = part.getBoundingClientRect().width;
          part.style.flex = '';
          return whole - drawn > 0.01;
        })
        .map((part) => part.dataset.text),
    );
    expect(cut).toEqual([]);
    expect(await list.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    // The rename alone reads as one, not as "+0 −0".
    const renamed = applyDialog(page).getByRole('button', { name: /^src\/Greet\.ts → / });
    expect(await renamed.textContent()).toContain('renamed only');
    expect(await renamed.textContent()).not.toMatch(/\+0|−0/);

    // Chosen far down the list, a file's diff is brought into view (it is under the list).
    const row = applyDialog(page).getByRole('button', { name: names[30]! });
    await list.hover();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 300);
        return row.count();
      })
      .toBe(1);
    await row.click();
    const added = applyDialog(page)
      .getByRole('region', { name: /panel-30-settings-form\.tsx after the apply$/ })
      .getByText('export const v30 = -1;');
    // Its diff starts within the review's scrolling box, not under the dialog's buttons.
    const inBox = () =>
      added.evaluate((line) => {
        const box = line.closest('[data-review-scroll]')!.getBoundingClientRect();
        const { top } = line.getBoundingClientRect();
        return top >= box.top && top < box.bottom - 8
          ? 'in view'
          : `${top} in ${box.top}–${box.bottom}`;
      });
    await expect.poll(inBox).toBe('in view');

    // Its diff header keeps each path on one line, the file name whole, the path whole in its
    // title and for a screen reader.
    const header = await applyDialog(page)
      .getByRole('region', { name: /panel-30-settings-form\.tsx after the apply$/ })
      .evaluate((region) =>
        Array.from(region.querySelectorAll<HTMLElement>('[title]')).map((path) => {
          const line = path.closest('p')!;
          const name = path.querySelector<HTMLElement>('[data-text]:not([data-text$="/"])')!;
          const drawn = name.getBoundingClientRect().width;
          name.style.flex = 'none';
          const whole = name.getBoundingClientRect().width;
          name.style.flex = '';
          return {
            lines: Math.round(line.getBoundingClientRect().height / 16),
            nameCut: whole - drawn > 0.01,
            title: path.title,
            spoken: path.querySelector('.sr-only')?.textContent,
          };
        }),
      );
    const full = names[30]!;
    expect(header).toEqual([
      { lines: 1, nameCut: false, title: full, spoken: full },
      { lines: 1, nameCut: false, title: full, spoken: full },
    ]);

    // A rename alone loses no text: it is written without a confirmation, and undone.
    await applyDialog(page).getByRole('button', { name: 'Write changes' }).click();
    await applyDialog(page).getByRole('status').filter({ hasText: '41 files written.' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Delete files?' }).count()).toBe(0);
    expect(await onDisk(page, root, 'src/greet.ts')).toBe('export const greet = 1;\n');
    expect(await onDisk(page, root, 'src/Greet.ts')).toBeNull();
    await applyDialog(page).getByRole('button', { name: 'Undo apply' }).click();
    await applyDialog(page).getByRole('status').filter({ hasText: 'Apply undone' }).waitFor();
    expect(await onDisk(page, root, 'src/Greet.ts')).toBe('export const greet = 1;\n');
    expect(await onDisk(page, root, 'src/greet.ts')).toBeNull();
  });
});
