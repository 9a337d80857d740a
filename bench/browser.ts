// Row 5: the browser path. Drives the built app (browser-app.ts) in headless Chromium through
// the folder-upload path with a corpus: connect, select all, count, type while counting.
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import {
  ROOT,
  WEB_DIST,
  buildWeb,
  signIn,
  startServer,
  takeUploadPathKeepingFiles,
} from './browser-app';
import {
  type KeystrokeFigures,
  type KeystrokeSamples,
  keystrokeFigures,
  readKeystrokes,
  typeInto,
  typeIntoEmptyPage,
  watchKeystrokes,
} from './keystrokes';

/** Typing visits (and their controls): rows give their median, min and max. */
export const BROWSER_RUNS = 3;
/**
 * Quiet visits (select all, cold and warm, and its floor): the cold figure's ratio to its
 * floor moves by ±0.1 from visit to visit on a shared machine (decision 089), so five.
 */
export const SELECT_ALL_RUNS = 5;

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface BrowserResult {
  connectMs: Spread;
  selectAllToCountMs: Spread;
  /** The floor of the same visits: every file read (joined reads) and counted, nothing else. */
  floorMs: Spread;
  floorTokens: number;
  /** Peak RSS of the page's renderer process (its workers included), largest of the quiet visits. */
  rendererMb: number;
  finalTokens: number;
  /** Every keystroke of every typing visit, and of the control typed into an empty page. */
  keystrokes: KeystrokeFigures;
  emptyPageKeystrokes: KeystrokeFigures;
  /** The quiet visits' warm rows: again in the same page, and after a reload. */
  warm: WarmSelectAll | null;
}

/** Select all again, warm: in the same page (memory) and after a reload (IndexedDB). */
interface WarmSelectAll {
  reselectMs: Spread;
  reloadMs: Spread;
  tokens: number;
}

/** The warm figures of the visits that took them (`visit(..., warm)`). */
function warmSpread(
  visits: { again: { reselectMs: number; reloadMs: number; tokens: number } | null }[],
): WarmSelectAll | null {
  const again = visits.flatMap((v) => (v.again ? [v.again] : []));
  if (again.length === 0) return null;
  return {
    reselectMs: spread(again.map((a) => a.reselectMs)),
    reloadMs: spread(again.map((a) => a.reloadMs)),
    tokens: again[0]!.tokens,
  };
}

/**
 * Peak RSS (VmHWM) of the largest Chromium renderer process running now: the bench's only
 * page, whose main thread and Web Workers share that process. Linux /proc; 0 elsewhere.
 */
async function rendererPeakMb(): Promise<number> {
  let peakKb = 0;
  const pids = await readdir('/proc').catch(() => [] as string[]);
  for (const pid of pids.filter((name) => /^\d+$/.test(name))) {
    try {
      const args = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (!args.includes('--type=renderer')) continue;
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // The process ended while being read.
    }
  }
  return peakKb / 1024;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    min: sorted[0]!,
    max: sorted.at(-1)!,
  };
}

/** Waits until the token bar is settled and has not changed for `quietMs`; returns it. */
async function waitForStableCount(
  page: Page,
  quietMs: number,
): Promise<{ at: number; tokens: number }> {
  for (;;) {
    const state = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { lastChange: number } }).__bench;
      const bar = document.querySelector('[role="progressbar"]');
      return {
        lastChange: bench.lastChange,
        now: performance.now(),
        tokens: Number(bar?.getAttribute('aria-valuenow') ?? 0),
        busy: bar?.getAttribute('aria-busy') === 'true',
      };
    });
    if (state.tokens > 0 && !state.busy && state.now - state.lastChange >= quietMs) {
      return { at: state.lastChange, tokens: state.tokens };
    }
    await delay(100);
  }
}

/** One visit: connect the folder, add the project blocks, select all; optionally type. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function of a CDP CPU profile, top entries first (ms). */
export function topFunctions(profile: CpuProfile, count: number): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id);
    if (!frame) return;
    const file = frame.url.split('/').at(-1) ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${Math.round(ms)} ms ${key}`);
}

/** The built tokenizer worker's URL path in the served app (dist/assets/tokenizer.worker-*.js). */
async function tokenizerWorkerPath(): Promise<string> {
  const assets = join(WEB_DIST, 'assets');
  const name = (await readdir(assets)).find((file) => /^tokenizer\.worker-.*\.js$/.test(file));
  if (!name) throw new Error('no tokenizer worker in the built app');
  return `/assets/${name}`;
}

/**
 * The floor of select all → count, in the same page: every uploaded file's bytes read the
 * fastest way this page can (decision 050: the files joined into Blobs of 256 KB, each read
 * once and cut by the files' sizes — a read per File costs a round trip to the browser
 * process, 10–14 × slower over these 2,327 files), decoded, and each group counted as one
 * batch by the app's own tokenizer worker script, one worker per core, whichever is free —
 * no segments, no store, no React. The workers are started and warmed before the clock starts
 * (the app's are warm when Select all is clicked). Every uploaded file counts, the one the
 * core list ignores included.
 */
async function measureFloor(page: Page, workerPath: string) {
  // tsx keeps function names through a `__name` helper the page does not have.
  await page.evaluate('window.__name = (fn) => fn');
  return page.evaluate(async (path) => {
    const files = (window as unknown as { __benchFiles: File[] }).__benchFiles;
    const cores = navigator.hardwareConcurrency || 2;
    const workers = Array.from({ length: cores }, () => new Worker(path, { type: 'module' }));
    let nextId = 1;
    const ask = (worker: Worker, texts: string[]) =>
      new Promise<number[]>((resolve, reject) => {
        const id = nextId++;
        worker.onmessage = (
          event: MessageEvent<{ id: number; counts?: number[]; error?: string }>,
        ) => (event.data.counts ? resolve(event.data.counts) : reject(new Error(event.data.error)));
        worker.postMessage({ id, texts, tokenizer: 'cl100k_base' });
      });
    await Promise.all(workers.map((worker) => ask(worker, ['warm up'])));
    const started = performance.now();
    const groups: File[][] = [];
    let group: File[] = [];
    let bytes = 0;
    for (const file of files) {
      group.push(file);
      bytes += file.size;
      if (bytes >= 256 * 1024) {
        groups.push(group);
        group = [];
        bytes = 0;
      }
    }
    if (group.length > 0) groups.push(group);
    let tokens = 0;
    const free = [...workers];
    const waiting: (() => void)[] = [];
    const decoder = new TextDecoder();
    await Promise.all(
      groups.map(async (members) => {
        const all = new Uint8Array(await new Blob(members).arrayBuffer());
        let at = 0;
        const texts = members.map((file) => decoder.decode(all.subarray(at, (at += file.size))));
        while (free.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
        const worker = free.pop()!;
        const counts = await ask(worker, texts);
        for (const count of counts) tokens += count;
        free.push(worker);
        waiting.shift()?.();
      }),
    );
    const ms = performance.now() - started;
    for (const worker of workers) worker.terminate();
    return { ms, tokens, files: files.length };
  }, workerPath);
}

/** Watches the token bar (the time of its last change) and keystrokes; again after each reload. */
async function instrument(page: Page): Promise<void> {
  await watchKeystrokes(page);
  await page.evaluate(() => {
    const bench = { lastChange: performance.now() };
    (window as unknown as { __bench: typeof bench }).__bench = bench;
    const bar = document.querySelector('[role="progressbar"]')!;
    new MutationObserver(() => (bench.lastChange = performance.now())).observe(bar, {
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}

/** Waits for the count to move from `previous`, then to hold still for 2 s; returns it. */
async function waitForNewCount(page: Page, previous: number) {
  await page.waitForFunction(
    (shown) =>
      Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) !==
      shown,
    previous,
    { timeout: 180_000 },
  );
  return waitForStableCount(page, 2_000);
}

/**
 * Clicks `button` and waits for the count to move from what it shows, then to hold still for
 * 2 s: the time from the click to the count's last change.
 */
async function timeCount(page: Page, button: string): Promise<{ ms: number; tokens: number }> {
  const before = await waitForStableCount(page, 1_000);
  const clicked = await clickTimed(page, button);
  const { at, tokens } = await waitForNewCount(page, before.tokens);
  return { ms: at - (await clicked()), tokens };
}

/**
 * Clicks `button`; resolves to a function giving the click event's time in the page. The
 * user's wait starts there: before it, Playwright finds the button by its role and name
 * (accessible names computed over the whole page), scrolls it into view and waits for it to
 * hold still over two frames — 25–130 ms on this machine, none of it the app's
 * (BENCH_PLAYWRIGHT=1 prints it).
 */
async function clickTimed(page: Page, button: string): Promise<() => Promise<number>> {
  const before = await page.evaluate(() => {
    const bench = window as unknown as { __clickEvent?: number };
    delete bench.__clickEvent;
    document.addEventListener('click', (event) => (bench.__clickEvent = event.timeStamp), {
      capture: true,
      once: true,
    });
    return performance.now();
  });
  await page.getByRole('button', { name: button, exact: true }).click();
  return async () => {
    const at = await page.evaluate(
      () => (window as unknown as { __clickEvent: number }).__clickEvent,
    );
    if (process.env.BENCH_PLAYWRIGHT === '1')
      console.error(`${button}: Playwright's click took ${(at - before).toFixed(1)} ms`);
    return at;
  };
}

/** Runs `timed`; with `profile`, prints the main thread's self time per function over it. */
async function profiled<T>(page: Page, profile: boolean, name: string, timed: () => Promise<T>) {
  if (!profile) return timed();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const result = await timed();
  const { profile: taken } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  // The whole profile, stacks included (self time hides callers).
  if (process.env.BENCH_PROFILE_OUT) {
    const file = `${process.env.BENCH_PROFILE_OUT}-${name.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`;
    await writeFile(file, JSON.stringify(taken));
  }
  console.error([`Main-thread self time, ${name}:`, ...topFunctions(taken, 25)].join('\n'));
  await cdp.detach();
  return result;
}

/**
 * The warm rows of one visit, after its cold select all: Deselect all → Select all again in
 * the same page (counts remembered in memory), then the page reloaded and the same folder
 * uploaded again (the app's memory gone, its IndexedDB count cache kept), Select all again.
 */
async function warmSelectAll(page: Page, corpusDir: string, profile: boolean) {
  await timeCount(page, 'Deselect all');
  const reselect = await profiled(page, profile, 'Select all again, same page', () =>
    timeCount(page, 'Select all'),
  );
  await page.reload();
  await page.setInputFiles('input[type="file"][webkitdirectory]', corpusDir);
  const tree = page.getByRole('tree', { name: 'Project files' });
  await tree.getByRole('treeitem').first().waitFor({ timeout: 120_000 });
  await instrument(page);
  // The selection may come back with the project: start from none, as the cold row does.
  const deselect = page.getByRole('button', { name: 'Deselect all', exact: true });
  await waitForStableCount(page, 1_000);
  if (await deselect.isEnabled()) await timeCount(page, 'Deselect all');
  const reloaded = await profiled(page, profile, 'Select all after a reload', () =>
    timeCount(page, 'Select all'),
  );
  return { reselectMs: reselect.ms, reloadMs: reloaded.ms, tokens: reloaded.tokens };
}

async function visit(
  url: string,
  corpusDir: string,
  typing: boolean,
  profile = false,
  warm = false,
) {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await takeUploadPathKeepingFiles(page);
    await signIn(page, url);
    await page.bringToFront();
    const started = Date.now();
    await page.setInputFiles('input[type="file"][webkitdirectory]', corpusDir);
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.getByRole('treeitem').first().waitFor({ timeout: 120_000 });
    const connectMs = Date.now() - started;

    // The system blocks as the English interface names them (decision 032).
    // A new project starts with them (the default composition): a click on one in the
    // library would take it out, so only a missing one is added.
    const composition = page.getByRole('list', { name: 'Composition blocks' });
    await composition
      .getByRole('listitem')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    for (const name of ['Project structure', 'Selected files content', 'Dynamic User Task']) {
      if ((await composition.getByRole('listitem', { name, exact: true }).count()) > 0) continue;
      await page.getByRole('button', { name, exact: true }).first().click();
    }
    await instrument(page);
    // The bench measures counting, not the budget: a Custom window no corpus fills, so
    // select-all is not refused as over budget.
    await page.getByRole('combobox', { name: 'Model' }).selectOption('custom');
    await page.getByLabel('Context window').fill('1000000000');
    const before = await waitForStableCount(page, 1_000);
    const cdp = profile ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const clicked = await clickTimed(page, 'Select all');
    if (typing) await typeInto(page.getByLabel('Final request'));
    const { at, tokens } = await waitForNewCount(page, before.tokens);
    const clickedAt = await clicked();
    const rendererMb = await rendererPeakMb();
    // Stopped before the floor runs: the profile is the app's count alone.
    const hot = cdp
      ? topFunctions(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile, 15)
      : [];
    const floor = typing ? null : await measureFloor(page, await tokenizerWorkerPath());
    const again = warm ? await warmSelectAll(page, corpusDir, profile) : null;
    const keystrokes = typing ? await readKeystrokes(page) : null;
    return {
      connectMs,
      selectAllToCountMs: at - clickedAt,
      floor,
      finalTokens: tokens,
      rendererMb,
      keystrokes,
      hot,
      again,
    };
  } finally {
    await browser.close();
  }
}

export async function measureBrowser(corpusDir: string, profile = false): Promise<BrowserResult> {
  if (!existsSync(join(ROOT, 'packages/web/src/features/workspace/index.ts'))) {
    throw new Error('web workspace not present');
  }
  await buildWeb();
  const server = await startServer();
  try {
    const quiet = [];
    const typed: KeystrokeSamples[] = [];
    const empty: KeystrokeSamples[] = [];
    for (let run = 0; run < Math.max(SELECT_ALL_RUNS, BROWSER_RUNS); run++) {
      // After its cold figures, each quiet visit times the warm rows too.
      if (run < SELECT_ALL_RUNS) quiet.push(await visit(server.url, corpusDir, false, false, true));
      if (run >= BROWSER_RUNS) continue;
      const typing = await visit(server.url, corpusDir, true, profile && run === 0);
      if (profile && run === 0)
        console.error(['Main-thread self time while typing:', ...typing.hot].join('\n'));
      typed.push(typing.keystrokes!);
      empty.push(await typeIntoEmptyPage());
    }
    return {
      connectMs: spread(quiet.map((v) => v.connectMs)),
      selectAllToCountMs: spread(quiet.map((v) => v.selectAllToCountMs)),
      floorMs: spread(quiet.map((v) => v.floor!.ms)),
      floorTokens: quiet[0]!.floor!.tokens,
      rendererMb: Math.max(...quiet.map((v) => v.rendererMb)),
      finalTokens: quiet[0]!.finalTokens,
      keystrokes: keystrokeFigures(typed),
      emptyPageKeystrokes: keystrokeFigures(empty),
      warm: warmSpread(quiet),
    };
  } finally {
    await server.stop();
  }
}

/**
 * Row 5 quiet visits only: select all → final count (median of `runs`), for rows that sit
 * beside Repomix; with `warm`, each visit then times Select all again after Deselect all
 * (same page) and after a reload (IndexedDB count cache only).
 */
export async function measureSelectAll(
  corpusDir: string,
  runs = SELECT_ALL_RUNS,
  warm = false,
  profile = false,
): Promise<{
  selectAllToCountMs: Spread;
  floorMs: Spread;
  floorTokens: number;
  finalTokens: number;
  rendererMb: number;
  warm: WarmSelectAll | null;
}> {
  await buildWeb();
  const server = await startServer();
  try {
    const quiet = [];
    for (let run = 0; run < runs; run++) {
      quiet.push(await visit(server.url, corpusDir, false, profile && run === 0, warm));
    }
    if (profile) console.error(['Main-thread self time, select all:', ...quiet[0]!.hot].join('\n'));
    return {
      selectAllToCountMs: spread(quiet.map((v) => v.selectAllToCountMs)),
      floorMs: spread(quiet.map((v) => v.floor!.ms)),
      floorTokens: quiet[0]!.floor!.tokens,
      finalTokens: quiet[0]!.finalTokens,
      rendererMb: Math.max(...quiet.map((v) => v.rendererMb)),
      warm: warmSpread(quiet),
    };
  } finally {
    await server.stop();
  }
}

/**
 * Row 5's typing visits only, each followed by its control (the same typing into an empty
 * page): keystroke → paint while a cold select all counts.
 */
export async function measureTyping(
  corpusDir: string,
  runs = BROWSER_RUNS,
  profile = false,
): Promise<{ app: KeystrokeFigures; emptyPage: KeystrokeFigures; hot: string[] }> {
  // BENCH_NO_BUILD=1 serves BENCH_WEB_DIST as built before (A/B of two builds).
  if (process.env.BENCH_NO_BUILD !== '1') await buildWeb();
  const server = await startServer();
  try {
    const typed = [];
    const empty: KeystrokeSamples[] = [];
    for (let run = 0; run < runs; run++) {
      typed.push(await visit(server.url, corpusDir, true, profile && run === 0));
      empty.push(await typeIntoEmptyPage());
    }
    return {
      app: keystrokeFigures(typed.map((v) => v.keystrokes!)),
      emptyPage: keystrokeFigures(empty),
      hot: typed[0]!.hot,
    };
  } finally {
    await server.stop();
  }
}
