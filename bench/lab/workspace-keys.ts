// Keys typed into the workspace's "Final request" with no build or read running, traced for
// the readers of decision 160 (Event Timing and CPU per thread): the 100 files of
// bench/apply-browser.ts uploaded, one key every 30 ms over five windows of 2 s.
// `BENCH_TRACE=<file> BENCH_NO_BUILD=1 BENCH_WEB_DIST=… node --import tsx
// bench/lab/workspace-keys.ts`; BENCH_PAGE_CSS=<css> adds a style first.
import { writeFile } from 'node:fs/promises';
import { openApplyBench } from '../apply-page';
import { typeSteadily } from '../keystrokes';
import { startTrace } from './trace-keys';

const { page, close } = await openApplyBench('keys-bench');
try {
  if (process.env.BENCH_PAGE_CSS) await page.addStyleTag({ content: process.env.BENCH_PAGE_CSS });
  await page.waitForTimeout(3000);
  const field = page.getByLabel('Final request');
  const tracing = process.env.BENCH_TRACE ? await startTrace(page) : null;
  for (let run = 0; run < 5; run++) {
    await field.focus();
    const stop = await typeSteadily(page, 30);
    await page.waitForTimeout(2300);
    await stop();
    await page.waitForTimeout(300);
  }
  if (tracing) await writeFile(process.env.BENCH_TRACE!, JSON.stringify(await tracing()));
  if (process.env.BENCH_SHOT) await page.screenshot({ path: process.env.BENCH_SHOT });
} finally {
  await close();
}
