// The floor of key → next paint on this machine: the keys bench/apply-browser.ts types (one
// every 30 ms over windows of 2 s), into a field alone on an empty page, traced as
// `BENCH_TRACE_ONLY` traces the dialog's control, for /tmp-side readers of Event Timing and
// CPU per thread: `BENCH_TRACE=<file> node --import tsx bench/lab/blank-keys.ts`.
// BLANK_FIELD=textarea types into a textarea instead of an input.
import { writeFile } from 'node:fs/promises';
import { launchBrowser } from '../../e2e/support/browser';
import { typeSteadily } from '../keystrokes';
import { startTrace } from './trace-keys';

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const field = process.env.BLANK_FIELD === 'textarea' ? 'textarea' : 'input';
  await page.setContent(`<!doctype html><body><${field} id="f" aria-label="Bench keys">`);
  const tracing = process.env.BENCH_TRACE ? await startTrace(page) : null;
  for (let run = 0; run < 5; run++) {
    await page.locator('#f').focus();
    const stop = await typeSteadily(page, 30);
    await page.waitForTimeout(2300);
    await stop();
    await page.waitForTimeout(300);
  }
  if (tracing) await writeFile(process.env.BENCH_TRACE!, JSON.stringify(await tracing()));
} finally {
  await browser.close();
}
