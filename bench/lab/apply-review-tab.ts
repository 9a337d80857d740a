// The review of bench/apply-browser.ts's answer (100 files) reached with the keyboard: Tab from
// the first file to the last and Shift+Tab back, the path of each focused row noted, then the
// list scrolled away from the focused row with the wheel. `BENCH_WEB_DIST=<build>
// BENCH_NO_BUILD=1 node --import tsx bench/lab/apply-review-tab.ts [shot.png]`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../../e2e/support/browser';
import { APPLY_BENCH_FILES, applyBenchAnswer, writeApplyBenchFiles } from '../apply-answer';
import { buildWeb, openUploadedFolder, startServer } from '../browser-app';

const { files, answer } = applyBenchAnswer();
const parent = await mkdtemp(join(tmpdir(), 'promptloom-review-tab-'));
const dir = join(parent, 'apply-bench');
await writeApplyBenchFiles(dir, files);
if (process.env.BENCH_NO_BUILD !== '1') await buildWeb();
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openUploadedFolder(page, server.url, dir);
  await page.getByRole('button', { name: 'Apply answer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Apply answer' });
  const box = dialog.getByRole('textbox', { name: 'Model answer' });
  await box.evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, answer);
  await dialog.getByRole('button', { name: 'Read answer' }).click();
  await dialog.getByRole('list', { name: 'Files the answer touches' }).waitFor();
  // The first file takes focus once the review has been drawn.
  await page.waitForFunction(() => document.activeElement?.hasAttribute('data-review-file'));
  const focusedRow = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      const row = el?.closest('li');
      return row
        ? `${el?.tagName === 'INPUT' ? 'box' : 'row'} ${row.querySelector('input')?.getAttribute('aria-label')}`
        : `outside: ${el?.tagName} ${el?.textContent?.slice(0, 30)}`;
    });
  const forward: string[] = [await focusedRow()];
  for (let k = 0; k < APPLY_BENCH_FILES * 2; k++) {
    await page.keyboard.press('Tab');
    forward.push(await focusedRow());
  }
  const rows = forward.filter((f) => f.startsWith('row ')).map((f) => f.slice(4));
  console.log(
    `Tab: ${new Set(rows).size} of ${APPLY_BENCH_FILES} rows' buttons in turn, in order: ${rows.every((r, k) => k === 0 || r !== rows[k - 1])}; ends at ${forward.at(-1)}`,
  );
  const back: string[] = [];
  for (let k = 0; k < APPLY_BENCH_FILES * 2; k++) {
    await page.keyboard.press('Shift+Tab');
    back.push(await focusedRow());
  }
  const up = back.filter((f) => f.startsWith('row ')).map((f) => f.slice(4));
  console.log(`Shift+Tab: ${new Set(up).size} rows' buttons; ends at ${back.at(-1)}`);
  if (process.argv[2]) {
    for (let k = 0; k < 60; k++) await page.keyboard.press('Tab');
    await page.screenshot({ path: process.argv[2] });
  }
  // Scrolled far from the focused row with the wheel: the focus stays on it.
  const before = await focusedRow();
  await page.mouse.move(300, 400);
  await page.mouse.wheel(0, 3000);
  await page.waitForTimeout(300);
  console.log(`wheel: focus ${before} → ${await focusedRow()}`);
} finally {
  await browser.close();
  await server.stop();
  await rm(parent, { recursive: true, force: true });
}
