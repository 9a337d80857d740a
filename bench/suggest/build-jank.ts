// What the page does while the suggestion index builds (bench/suggest-index.ts): keys typed
// into the request at a steady pace from the build's open mark to its ready mark, each timed
// as `keystrokes.ts` times them (own: key event → the input handlers' end and the frame's
// rendering, less the wait for that frame to begin; frame: → the first task after that
// frame's paint), and the browser's own figures over the same span: Event Timing entries (key
// event → next paint, for events of 16 ms or more), long tasks, and long animation frames with
// the scripts they ran (what the page's thread did, by entry point).
import type { Locator, Page } from 'playwright-core';
import { type KeystrokeSamples, type Quantiles, quantiles } from '../keystrokes';

const OPEN_MARK = 'promptloom:suggest-index-open';
const READY_MARK = 'promptloom:suggest-index-ready';
/** One key every KEY_GAP_MS, a typist's steady pace. */
const KEY_GAP_MS = 50;
const TEXT = 'fix the parser so that week dates and ordinal dates are accepted ';

interface Frame {
  start: number;
  duration: number;
  blocking: number;
  scripts: { what: string; duration: number }[];
}

interface Observed {
  keys: { at: number; own: number; frame: number; delay: number; handled: number }[];
  /**
   * Event Timing entries of keydown/keyup/keypress/input: start, duration, input delay and
   * the end of its handlers (processingEnd, after the start).
   */
  events: { name: string; start: number; duration: number; delay: number; processed: number }[];
  longTasks: { start: number; duration: number }[];
  frames: Frame[];
}

/** Starts observing (before the upload, so that the build's first tasks are seen). */
export async function watchBuild(page: Page): Promise<void> {
  // A string: tsx would wrap named functions in a `__name` helper the page does not have.
  await page.evaluate(`(() => {
    const seen = { keys: [], events: [], longTasks: [], frames: [] };
    window.__buildJank = seen;
    let keyAt = 0;
    let delay = 0;
    document.addEventListener('keydown', (event) => {
      keyAt = event.timeStamp;
      delay = performance.now() - keyAt;
    }, true);
    window.addEventListener('input', () => queueMicrotask(() => {
      const at = keyAt;
      keyAt = 0;
      if (at === 0) return;
      const handledAt = performance.now();
      requestAnimationFrame((frameBegan) => setTimeout(() => {
        const frame = performance.now() - at;
        seen.keys.push({ at, frame, own: frame - Math.max(0, frameBegan - handledAt), delay,
          handled: handledAt - at });
      }));
    }));
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        seen.events.push({ name: e.name, start: e.startTime, duration: e.duration,
          delay: e.processingStart - e.startTime, processed: e.processingEnd - e.startTime });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        seen.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        seen.frames.push({ start: e.startTime, duration: e.duration,
          blocking: e.blockingDuration,
          scripts: e.scripts.map((s) => ({
            what: [s.invokerType, s.invoker, s.sourceFunctionName,
              (s.sourceURL || '').split('/').pop()].filter(Boolean).join(' '),
            duration: s.duration })) });
    }).observe({ type: 'long-animation-frame', buffered: true });
  })()`);
}

const marked = (page: Page, name: string, after: number) =>
  page.evaluate(
    ([mark, since]) =>
      performance.getEntriesByName(mark).find((m) => m.startTime > since)?.startTime ?? null,
    [name, after] as const,
  );

/**
 * Types into `field` from the build's open mark (after `since`) until its ready mark, one key
 * every KEY_GAP_MS (unless `typing` is false: the same build with no key); returns the
 * build's span on the page's clock.
 */
export async function typeDuringBuild(
  page: Page,
  field: Locator,
  since: number,
  typing: boolean,
  onOpen: () => Promise<void> = async () => {},
): Promise<{ open: number; ready: number }> {
  await page.waitForFunction(
    ([mark, after]) => performance.getEntriesByName(mark).some((m) => m.startTime > after),
    [OPEN_MARK, since] as const,
    { timeout: 30 * 60_000, polling: 50 },
  );
  const open = (await marked(page, OPEN_MARK, since))!;
  await onOpen();
  await field.focus();
  for (let at = 0; ; at = (at + 10) % TEXT.length) {
    const ready = await marked(page, READY_MARK, open);
    if (ready !== null) return { open, ready };
    if (typing) await page.keyboard.type(TEXT.slice(at, at + 10), { delay: KEY_GAP_MS });
    else await page.waitForTimeout(50);
  }
}

/**
 * Types into `field` at the pace of a build's keys, one key every KEY_GAP_MS, until `work`
 * settles (the floor's read, so that it is timed with the keys a typed build is timed with);
 * returns its value and the keys typed before it settled.
 */
export async function typeWhile<T>(
  page: Page,
  field: Locator,
  work: Promise<T>,
): Promise<{ value: T; keys: number }> {
  let done = false;
  const settled = work.finally(() => (done = true));
  await field.focus();
  let keys = 0;
  for (let at = 0; !done; at = (at + 1) % TEXT.length) {
    await page.keyboard.type(TEXT[at]!, { delay: KEY_GAP_MS });
    if (!done) keys++;
  }
  return { value: await settled, keys };
}

/**
 * The control in the same page: as many keys, at the same pace, once the build is over and
 * the worker has prepared its ranking (`settleMs` later); returns the span they were typed in.
 */
export async function typeAfterBuild(
  page: Page,
  field: Locator,
  keys: number,
  settleMs = 3000,
): Promise<{ open: number; ready: number }> {
  await page.waitForTimeout(settleMs);
  await field.focus();
  const open = await page.evaluate(() => performance.now());
  for (let at = 0, typed = 0; typed < keys; at = (at + 10) % TEXT.length) {
    const chunk = TEXT.slice(at, at + 10).slice(0, keys - typed);
    await page.keyboard.type(chunk, { delay: KEY_GAP_MS });
    typed += chunk.length;
  }
  return { open, ready: await page.evaluate(() => performance.now()) };
}

export interface BuildJank {
  keys: KeystrokeSamples;
  /** Key event → its keydown listener (input delay), and → the end of its input handlers. */
  delay: Quantiles;
  handled: Quantiles;
  /** Key → next paint (Event Timing) of the keys typed during the build; < 16 unreported. */
  toPaint: Quantiles;
  /** The same, key by key (< 16 counted as 8). */
  toPaintMs: number[];
  /**
   * Key by key, the key's own latency: Event Timing's keydown, its input delay and handlers
   * (processingEnd − startTime; a key with no entry, under 16 ms to its paint, counted as 8);
   * and key event → its input handled (a window listener's microtask after the input event).
   */
  processedMs: number[];
  handledMs: number[];
  /** Key by key, when it was pressed: ms after the span's start. */
  atMs: number[];
  longTasks: { count: number; totalMs: number; maxMs: number };
  /** The slowest keys by own latency: when (ms after the span's start) and how long. */
  slowest: { after: number; own: number; handled: number; toPaint: number }[];
  /** Long animation frames' scripts, summed by entry point, largest first. */
  scripts: { what: string; ms: number; count: number }[];
  frames: number;
}

/** What was seen between the open and ready marks (a key pressed during the build counts). */
export async function readBuildJank(
  page: Page,
  span: { open: number; ready: number },
): Promise<BuildJank> {
  // Let the last keys' frames land.
  await page.waitForTimeout(300);
  const seen = await page.evaluate<Observed>('window.__buildJank');
  const within = (at: number) => at >= span.open && at <= span.ready;
  const keys = seen.keys.filter((k) => within(k.at));
  const slow = new Map<number, number>();
  const processed = new Map<number, number>();
  for (const e of seen.events)
    if (within(e.start) && e.name === 'keydown') {
      slow.set(e.start, Math.max(slow.get(e.start) ?? 0, e.duration));
      processed.set(e.start, Math.max(processed.get(e.start) ?? 0, e.processed ?? 0));
    }
  const toPaint = keys.map((k) => slow.get(k.at) ?? 8);
  const tasks = seen.longTasks.filter((t) => within(t.start));
  const frames = seen.frames.filter((f) => within(f.start));
  const byWhat = new Map<string, { ms: number; count: number }>();
  for (const s of frames.flatMap((f) => f.scripts)) {
    const sum = byWhat.get(s.what) ?? { ms: 0, count: 0 };
    sum.ms += s.duration;
    sum.count++;
    byWhat.set(s.what, sum);
  }
  return {
    keys: { ownMs: keys.map((k) => k.own), frameMs: keys.map((k) => k.frame) },
    delay: quantiles(keys.map((k) => k.delay)),
    handled: quantiles(keys.map((k) => k.handled)),
    toPaint: quantiles(toPaint),
    toPaintMs: toPaint,
    processedMs: keys.map((k) => processed.get(k.at) ?? 8),
    handledMs: keys.map((k) => k.handled),
    atMs: keys.map((k) => k.at - span.open),
    slowest: keys
      .map((k, i) => ({
        after: k.at - span.open,
        own: k.own,
        handled: k.handled,
        toPaint: toPaint[i]!,
      }))
      .sort((a, b) => b.own - a.own)
      .slice(0, 6),
    longTasks: {
      count: tasks.length,
      totalMs: tasks.reduce((sum, t) => sum + t.duration, 0),
      maxMs: Math.max(0, ...tasks.map((t) => t.duration)),
    },
    scripts: [...byWhat].map(([what, s]) => ({ what, ...s })).sort((a, b) => b.ms - a.ms),
    frames: frames.length,
  };
}

const ms = (value: number) => `${Math.round(value)} ms`;

export function formatBuildJank(jank: BuildJank): string[] {
  const { toPaint, longTasks } = jank;
  const all = jank.toPaintMs;
  const share = (atLeast: number) =>
    `${Math.round((100 * all.filter((d) => d >= atLeast).length) / Math.max(1, all.length))} %`;
  const mean = all.reduce((sum, d) => sum + d, 0) / Math.max(1, all.length);
  return [
    `  key → its keydown listener: median ${ms(jank.delay.median)}, p95 ${ms(jank.delay.p95)}; → its input handled: median ${ms(jank.handled.median)}, p95 ${ms(jank.handled.p95)}`,
    `  key → next paint (Event Timing, < 16 ms counted as 8): median ${ms(toPaint.median)}, p95 ${ms(toPaint.p95)}, max ${ms(toPaint.max)}; ${share(16)} of the keys at 16 ms or more, ${share(32)} at 32 ms or more, mean ${ms(mean)}`,
    `  slowest keys (at +ms: own / handled / to paint): ${jank.slowest
      .map((k) => `+${ms(k.after)}: ${ms(k.own)} / ${ms(k.handled)} / ${ms(k.toPaint)}`)
      .join(', ')}`,
    `  long tasks during the build: ${longTasks.count}, ${ms(longTasks.totalMs)} in all, longest ${ms(longTasks.maxMs)}; long animation frames: ${jank.frames}`,
    ...jank.scripts
      .slice(0, 8)
      .map((s) => `    ${ms(s.ms)} in ${s.count} × ${s.what || '(no script)'}`),
  ];
}
