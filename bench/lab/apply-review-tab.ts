// The review of bench/apply-browser.ts's answer (100 files) reached with the keyboard: Tab from
// the first file to the last and Shift+Tab back, the path of each focused row noted, then the
// list scrolled away from the focused row with the wheel. `BENCH_WEB_DIST=<build>
// BENCH_NO_BUILD=1 node --import tsx bench/lab/apply-review-tab.ts [shot.png]`.
import { APPLY_BENCH_FILES } from '../apply-answer';
import { openApplyBench, pasteAnswer } from '../apply-page';

const { page, answer, close } = await openApplyBench();
try {
  const dialog = await pasteAnswer(page, answer);
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
  await close();
}
