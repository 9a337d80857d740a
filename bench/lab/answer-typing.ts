// Typing inside the Apply dialog's answer box while it holds the bench's 2 MB answer, on the
// built app in Chromium: ROUNDS rounds of KEYS keys typed at a typist's steady pace into the
// editor, each key timed as keystrokes.ts times it (own: the page's latency, less the wait for
// the frame to begin; frame: key → the task after the frame that shows it) and by Event Timing
// (key → next paint, under 16 ms counted as 8), and key → its input handled (the editor's
// update, the store and React, before any rendering). The rounds are a second apart, so the answer's
// offer to the worker (after a pause in the typing) falls between them. Serves BENCH_WEB_DIST
// as it is unless BENCH_NO_BUILD=0 builds it first (an A/B of two builds: build each with
// build-only.ts).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../../e2e/support/browser';
import { applyBenchAnswer } from '../apply-answer';
import { pasteAnswer } from '../apply-page';
import { buildWeb, openUploadedFolder, startServer, WEB_DIST } from '../browser-app';
import { quantiles, typeSteadily } from '../keystrokes';
import { readBuildJank, watchBuild } from '../suggest/build-jank';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Keys per round, one every KEY_GAP_MS. */
const KEYS = Number(process.env.BENCH_KEYS_PER_ROUND ?? 60);
const KEY_GAP_MS = 50;
/** BENCH_CONTROL=1: the same keys with a one-line answer in the box (the floor). */
const CONTROL = process.env.BENCH_CONTROL === '1';

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The editor's text length, through its view (kept on the content element by CodeMirror). */
const TEXT_LENGTH = `(() => {
  const tile = document.querySelector('.cm-content').cmTile;
  return tile?.root?.view?.state.doc.length ?? -1;
})()`;

/** BENCH_PROBE=1: the editor's document made a string, and an edit dispatched, timed. */
const PROBE = `(() => {
  const view = document.querySelector('.cm-content').cmTile.root.view;
  const time = (what) => { const t = performance.now(); what(); return (performance.now() - t).toFixed(1); };
  const made = [], flat = [], edits = [];
  for (let k = 0; k < 5; k++) {
    made.push(time(() => view.state.doc.toString()));
    flat.push(time(() => view.state.doc.toString().trim().length));
    const at = view.state.selection.main.head;
    edits.push(time(() => view.dispatch({ changes: { from: at, insert: 'q' }, selection: { anchor: at + 1 }, userEvent: 'input.type' })));
  }
  return 'toString ' + made.join(' ') + ' ms; toString+trim ' + flat.join(' ') + ' ms; a dispatched key ' + edits.join(' ') + ' ms';
})()`;

if (process.env.BENCH_NO_BUILD === '0') await buildWeb();
const { answer } = applyBenchAnswer();
const text = CONTROL ? 'src/a.ts\n' : answer;
const parent = await mkdtemp(join(tmpdir(), 'promptloom-answer-typing-'));
const dir = join(parent, 'demo');
await mkdir(join(dir, 'src'), { recursive: true });
await writeFile(join(dir, 'src/a.ts'), 'export const a = 1;\n');
const loadBefore = load();
const server = await startServer();
const browser = await launchBrowser();
const own: number[] = [];
const frame: number[] = [];
const toPaint: number[] = [];
/** Key event → the end of its input handlers (the editor's update, the store, React). */
const handled: number[] = [];
const rounds: string[] = [];
let longTasks = 0;
let typed = 0;
let lengthOk = true;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openUploadedFolder(page, server.url, dir);
  await pasteAnswer(page, text);
  // The paste's offer to the worker, and its parse, over.
  await page.waitForTimeout(3_000);
  // The caret a few lines into the answer, in view.
  await page.keyboard.press('Control+Home');
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  if (process.env.BENCH_PROBE === '1') {
    console.log(await page.evaluate<string>(PROBE));
    typed += 5;
  }
  await watchBuild(page);
  for (let round = 0; round < ROUNDS; round++) {
    await page.waitForTimeout(1_000);
    const open = await page.evaluate(() => performance.now());
    const stop = await typeSteadily(page, KEY_GAP_MS);
    await page.waitForTimeout(KEYS * KEY_GAP_MS - KEY_GAP_MS / 2);
    await stop();
    const ready = await page.evaluate(() => performance.now());
    const jank = await readBuildJank(page, { open, ready });
    handled.push(
      ...(await page.evaluate(
        ([from, to]) =>
          (
            window as unknown as { __buildJank: { keys: { at: number; handled: number }[] } }
          ).__buildJank.keys
            .filter((k) => k.at >= from && k.at <= to)
            .map((k) => k.handled),
        [open, ready] as const,
      )),
    );
    typed += jank.keys.ownMs.length;
    own.push(...jank.keys.ownMs);
    frame.push(...jank.keys.frameMs);
    toPaint.push(...jank.toPaintMs);
    longTasks += jank.longTasks.count;
    const q = quantiles(jank.keys.ownMs);
    const p = quantiles(jank.toPaintMs);
    rounds.push(
      `round ${round + 1}: ${jank.keys.ownMs.length} keys, own median ${q.median.toFixed(1)} p95 ${q.p95.toFixed(1)} ms, key → next paint p95 ${Math.round(p.p95)} ms, long tasks ${jank.longTasks.count}`,
    );
  }
  await page.waitForTimeout(300);
  lengthOk = (await page.evaluate<number>(TEXT_LENGTH)) === text.length + typed;
} finally {
  await browser.close();
  await server.stop();
  await rm(parent, { recursive: true, force: true });
}
const fmt = (values: number[]) => {
  const q = quantiles(values);
  return `median ${q.median.toFixed(1)}, p95 ${q.p95.toFixed(1)}, max ${q.max.toFixed(1)} ms`;
};
const share = (values: number[], ms: number) =>
  `${Math.round((100 * values.filter((v) => v >= ms).length) / Math.max(1, values.length))}%`;
console.log(
  [
    `build ${WEB_DIST}; ${text.length.toLocaleString('en')} characters in the box; load ${loadBefore} → ${load()}`,
    ...rounds,
    `all ${own.length} keys: own ${fmt(own)} (${share(own, 16)} at 16 ms or more)`,
    `  key → its input handled: ${fmt(handled)}`,
    `  key → frame shown: ${fmt(frame)}`,
    `  key → next paint (Event Timing, < 16 ms counted as 8): ${fmt(toPaint)} (${share(toPaint, 16)} at 16 ms or more)`,
    `  long tasks while typing: ${longTasks}; the editor holds the answer and every key: ${lengthOk ? 'yes' : '**NO**'}`,
  ].join('\n'),
);
