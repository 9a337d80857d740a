// Typing into a field beside a textarea holding a 2 MB answer, as the apply dialog's keys
// are typed while an answer is read: what each frame's prepaint and paint cost on the page's
// thread, by how the box is styled (`node --import tsx bench/lab/textarea-typing.ts`).
import { launchBrowser } from '../../e2e/support/browser';
import { applyBenchAnswer } from '../apply-answer';
import { quantiles, typeSteadily } from '../keystrokes';
import { startTrace } from './trace-keys';

const { answer } = applyBenchAnswer();
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const styles: Record<string, string> = {
  plain: '',
  /** No box at all: what a key costs in an empty dialog. */
  none: 'display:none',
  'will-change': 'will-change:transform',
  'contain-strict': 'contain:strict;height:20rem',
  'contain-layout-paint': 'contain:layout paint',
  'contain-paint': 'contain:paint',
  'contain-layout': 'contain:layout',
  isolation: 'isolation:isolate',
  /** On the box's wrapper (`|` splits the box's style from its wrapper's). */
  'wrapper-paint': '|contain:paint;overflow-clip-margin:4px',
  'isolation-wrapper-paint': 'isolation:isolate|contain:paint;overflow-clip-margin:4px',
  'wrapper-strict': '|contain:strict;height:400px',
  'wrapper-size-layout': '|contain:size layout;height:400px',
  'contain-content': 'contain:content',
};
const variants = (process.argv[2]?.split(',') ?? Object.keys(styles)).filter((v) => v in styles);
for (let round = 0; round < 2; round++)
  for (const way of variants) {
    await page.setContent(
      `<dialog style="width:1100px"><div style="${styles[way]!.split('|')[1] ?? ''}"><textarea rows="18" style="width:100%;font:12px monospace;${styles[way]!.split('|')[0]}"></textarea></div><input id="keys"></dialog>`,
    );
    await page.evaluate((text) => {
      const dialog = document.querySelector('dialog')!;
      dialog.showModal();
      document.querySelector('textarea')!.value = text;
      document.getElementById('keys')!.focus();
    }, answer);
    // Key → next paint as the bench's key row times it (Event Timing; no entry counts as 8).
    await page.evaluate(`(() => {
      const seen = { keys: 0, slow: [] };
      window.__seen = seen;
      document.addEventListener('keydown', () => seen.keys++, true);
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'keydown') seen.slow.push(e.duration);
      }).observe({ type: 'event', durationThreshold: 16 });
    })()`);
    await page.waitForTimeout(300);
    // UNTRACED=1: the key figures without the tracer's cost.
    const stopTrace = process.env.UNTRACED === '1' ? null : await startTrace(page);
    const stop = await typeSteadily(page, 30);
    await page.waitForTimeout(1500);
    await stop();
    await page.waitForTimeout(200);
    const seen = await page.evaluate<{ keys: number; slow: number[] }>('window.__seen');
    const toPaint = quantiles([
      ...seen.slow,
      ...Array<number>(Math.max(0, seen.keys - seen.slow.length)).fill(8),
    ]);
    const keys = `keys ${seen.keys}: key → next paint p95 ${Math.round(toPaint.p95)} ms, median ${Math.round(toPaint.median)} ms`;
    if (!stopTrace) {
      console.log(round, way, keys);
      continue;
    }
    const events = await stopTrace();
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const sum = (name: string) => {
      const [event, type] = name.split(':');
      const list = events.filter(
        (e) =>
          e.name === event &&
          (!type || e.args?.data?.type === type) &&
          e.pid === main?.pid &&
          e.tid === main?.tid &&
          e.dur,
      );
      const total = list.reduce((s, e) => s + e.dur!, 0) / 1000;
      return `${name} ${list.length}× ${(total / Math.max(1, list.length)).toFixed(1)} ms`;
    };
    console.log(
      round,
      way,
      ['PrePaint', 'Paint', 'Layout', 'UpdateLayoutTree', 'EventDispatch:textInput']
        .map(sum)
        .join(', '),
    );
  }
await browser.close();
