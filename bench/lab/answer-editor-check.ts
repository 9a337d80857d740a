// The Apply dialog's answer box on the built app, in Chromium: focus on opening, typing and
// undo, the untouched paste rule, a 2 MB paste timed to its next frame, and a screenshot of
// the dialog in English and in French (written to TMPDIR). Serves BENCH_WEB_DIST as it is.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { applyBenchAnswer } from '../apply-answer';
import { openUploadedFolder, startServer } from '../browser-app';

const ANSWER = [
  'Here is the change.',
  '',
  'src/greet.ts',
  '```ts',
  '<<<<<<< SEARCH',
  'export const greet = (name: string) => `Hello, ${name}`;',
  '=======',
  'export const greet = (name: string) => `Hi, ${name}!`;',
  '>>>>>>> REPLACE',
  '```',
  '',
  'The greeting is shorter and ends with an exclamation mark.',
].join('\n');

/** Pastes `text` as the browser sends a paste; the ms to the next frame. */
const paste = (box: Locator, text: string) =>
  box.evaluate(
    (element, value) =>
      new Promise<number>((done) => {
        const data = new DataTransfer();
        data.setData('text/plain', value);
        const started = performance.now();
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
        requestAnimationFrame(() => setTimeout(() => done(performance.now() - started)));
      }),
    text,
  );

/** The editor's text, through its view (kept on the content element by CodeMirror). */
const docOf = (box: Locator) =>
  box.evaluate((element) => {
    type View = { state: { doc: { toString(): string } } };
    const tile = (element as unknown as { cmTile?: { root?: { view?: View } } }).cmTile;
    return tile?.root?.view?.state.doc.toString() ?? null;
  });

const focused = (box: Locator) => box.evaluate((element) => element === document.activeElement);

async function openApply(page: Page) {
  await page
    .getByRole('button', { name: /Apply answer|Appliquer la réponse/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const box = dialog.getByRole('textbox', { name: /Model answer|Réponse du modèle/ });
  await box.waitFor();
  // Under the review the box is hidden from the accessibility tree: found by its class.
  return { dialog, box: dialog.locator('.cm-content') };
}

const parent = await mkdtemp(join(tmpdir(), 'promptloom-answer-editor-'));
const dir = join(parent, 'demo');
await mkdir(join(dir, 'src'), { recursive: true });
await writeFile(
  join(dir, 'src/greet.ts'),
  'export const greet = (name: string) => `Hello, ${name}`;\n',
);
const server = await startServer();
const browser = await launchBrowser();
const checks: string[] = [];
const check = (what: string, ok: boolean) => checks.push(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openUploadedFolder(page, server.url, dir);
  let { dialog, box } = await openApply(page);
  await page.waitForTimeout(200);
  check('focus in the box on opening', await focused(box));
  await page.keyboard.type('abc');
  await page.keyboard.press('Backspace');
  check('typing and Backspace', (await docOf(box)) === 'ab');
  await page.keyboard.press('Control+z');
  check('undo', (await docOf(box)) !== 'ab');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await paste(box, ANSWER);
  check('a paste into the empty box', (await docOf(box)) === ANSWER);
  await page.keyboard.press('Escape');
  ({ dialog, box } = await openApply(page));
  await page.waitForTimeout(200);
  await paste(box, 'REPLACED');
  check('an untouched old answer is replaced by a paste', (await docOf(box)) === 'REPLACED');
  await page.keyboard.press('Escape');
  ({ dialog, box } = await openApply(page));
  await page.waitForTimeout(200);
  await box.click();
  await paste(box, '+');
  const after = (await docOf(box)) ?? '';
  check('after a click a paste inserts', after.length === 'REPLACED'.length + 1);
  await page.keyboard.press('Control+a');
  await paste(box, ANSWER);
  check('the answer again', (await docOf(box)) === ANSWER);
  await dialog.getByRole('button', { name: 'Read answer' }).click();
  await dialog.getByRole('list', { name: 'Files the answer touches' }).waitFor();
  check('under the review, out of the tab order', (await box.getAttribute('tabindex')) === '-1');
  await dialog.getByRole('button', { name: 'Edit answer' }).click();
  await page.waitForTimeout(200);
  check('focus back after Edit answer', await focused(box));
  await page.screenshot({ path: join(tmpdir(), 'answer-editor-en.png') });
  await page.evaluate(() => localStorage.setItem('promptloom.language', 'fr'));
  await page.reload();
  await page.setInputFiles('input[type="file"][webkitdirectory]', dir);
  await page.getByRole('tree').getByRole('treeitem').first().waitFor();
  ({ dialog, box } = await openApply(page));
  await page.waitForTimeout(300);
  await paste(box, ANSWER);
  check('French name', (await box.getAttribute('aria-labelledby')) !== null);
  await page.screenshot({ path: join(tmpdir(), 'answer-editor-fr.png') });
  await page.evaluate(() => localStorage.setItem('promptloom.language', 'en'));
  await page.reload();
  await page.setInputFiles('input[type="file"][webkitdirectory]', dir);
  await page.getByRole('tree').getByRole('treeitem').first().waitFor();
  ({ dialog, box } = await openApply(page));
  await page.keyboard.press('Control+a');
  const big = applyBenchAnswer().answer;
  const ms = [];
  for (let k = 0; k < 3; k++) {
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await page.waitForTimeout(300);
    ms.push(Math.round(await paste(box, big)));
  }
  check(
    `2 MB paste to next frame: ${ms.join(', ')} ms`,
    ((await docOf(box)) ?? '').length === big.length,
  );
  await page.screenshot({ path: join(tmpdir(), 'answer-editor-2mb.png') });
  // Keys typed into the box while the answer is read are not applied, nor left on screen.
  await page.keyboard.press('End');
  await dialog.getByRole('button', { name: 'Read answer' }).evaluate((button) => {
    (button as HTMLButtonElement).click();
    (document.querySelector('.cm-content') as HTMLElement).focus();
  });
  await page.keyboard.type('zz');
  const during = await docOf(box);
  const reviewed = await dialog.getByRole('list', { name: 'Files the answer touches' }).count();
  const shown = (await box.textContent()) ?? '';
  await dialog.getByRole('list', { name: 'Files the answer touches' }).waitFor();
  check(
    `keys typed during a read are refused (review already shown: ${reviewed}, text ${during === big ? 'kept' : 'changed'}, screen ${shown.includes('zz') ? 'shows zz' : 'clean'})`,
    (await docOf(box)) === big && !shown.includes('zz'),
  );
} finally {
  await browser.close();
  await server.stop();
  await rm(parent, { recursive: true, force: true });
}
console.log(checks.join('\n'));
