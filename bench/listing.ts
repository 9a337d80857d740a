// Row 6: opening a folder of 25,000+ files through the folder-access path in headless
// Chromium (the corpus written into OPFS once, outside the timing), beside a bare parallel
// walk of the same handle in the same page; and the structure block's cost when one
// package of the large corpus is selected (decision 031).
import { spawn } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import {
  CORE_SYSTEM_IGNORE_PATTERNS,
  DEFAULT_STRUCTURE_BUDGET,
  promptSegments,
  scanProject,
  STRUCTURE_BUDGET_SHARE,
} from '@promptloom/core';
import { NodeFileProvider } from '@promptloom/core/node';
import { countCl100k } from '@promptloom/core/count-cl100k';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { buildWeb, signIn, startServer } from './browser-app';
import { settle } from './chromium-cpu';
import { type CpuProfile, topFunctions } from './cpu-profile';
import { type Spread } from './spread';

/** What the init script below records in the page. */
interface Marks {
  __marks: { firstRows?: number; complete?: number; sizes?: number };
  __longest: number;
  __tasks: { at: number; ms: number }[];
}

export interface ListingRun {
  files: number;
  /** Median of the bare walks run just before connecting (warm, same page). */
  bareWalkMs: number;
  bareWalks: number[];
  firstRowsMs: number;
  completeMs: number;
  /** Connect → every kept file's size and mtime known (the background stage after the tree). */
  sizesMs: number;
  longestTaskMs: number;
  heapMb: number;
  /** The 1-minute load average before and after the run. */
  load: [number, number];
}

/** Several connects in one condition: the row's figures are their medians. */
export interface ListingRounds {
  rounds: ListingRun[];
  files: number;
  /** Median of the rounds' bare walks. */
  bareWalkMs: number;
  firstRowsMs: number;
  completeMs: number;
  sizesMs: number;
  /** Median of each round's complete tree ÷ the bare walk just before it. */
  ratio: number;
  /** The longest over all rounds. */
  longestTaskMs: number;
  heapMb: number;
  load: [number, number];
}

export interface ListingResult extends ListingRounds {
  /** The same, with one busy process per core beside it. */
  busy: ListingRounds;
}

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

// Page-side code as plain JavaScript (see e2e/support/fixtures.ts for why).
const WRITE_CHUNK = `async ({ rootName, files }) => {
  const storage = await navigator.storage.getDirectory();
  const root = await storage.getDirectoryHandle(rootName, { create: true });
  const dirs = new Map([['', root]]);
  const dirOf = async (path) => {
    if (dirs.has(path)) return dirs.get(path);
    const slash = path.lastIndexOf('/');
    const parent = await dirOf(slash === -1 ? '' : path.slice(0, slash));
    const handle = await parent.getDirectoryHandle(path.slice(slash + 1), { create: true });
    dirs.set(path, handle);
    return handle;
  };
  await Promise.all(files.map(async ([path, content]) => {
    const slash = path.lastIndexOf('/');
    const dir = await dirOf(slash === -1 ? '' : path.slice(0, slash));
    const writable = await (await dir.getFileHandle(path.slice(slash + 1), { create: true })).createWritable();
    await writable.write(content);
    await writable.close();
  }));
}`;

export const BARE_WALK = `async (rootName) => {
  const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(rootName);
  const started = performance.now();
  let files = 0;
  const walk = async (dir) => {
    const subdirs = [];
    for await (const handle of dir.values()) {
      if (handle.kind === 'directory') subdirs.push(handle);
      else files++;
    }
    await Promise.all(subdirs.map(walk));
  };
  await walk(root);
  return { ms: performance.now() - started, files };
}`;

/** Writes the corpus into OPFS under `rootName` in chunks (outside any timing). */
export async function writeCorpus(
  page: Page,
  rootName: string,
  dirs: { dir: string; under: string }[],
) {
  for (const { dir, under } of dirs) {
    const paths = await filesOf(dir);
    for (let i = 0; i < paths.length; i += 1000) {
      const files = await Promise.all(
        paths
          .slice(i, i + 1000)
          .map(async (p) => [under ? `${under}/${p}` : p, await readFile(join(dir, p), 'utf8')]),
      );
      await page.evaluate(`(${WRITE_CHUNK})(${JSON.stringify({ rootName, files })})`);
    }
  }
}

/** Drops the app's memory of the connected folder (never read back: that crashes headless Chromium). */
export const FORGET_FOLDER = `new Promise((resolve, reject) => {
  localStorage.removeItem('promptloom.project-session');
  const open = indexedDB.open('promptloom');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('folderHandles')) return resolve(db.close());
    const tx = db.transaction('folderHandles', 'readwrite');
    tx.objectStore('folderHandles').clear();
    tx.oncomplete = () => resolve(db.close());
    tx.onerror = () => reject(tx.error);
  };
})`;

/** One process spinning per core, as other work on a busy machine would. */
function cpuLoad(): { stop: () => void } {
  const children = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return { stop: () => children.forEach((child) => child.kill('SIGKILL')) };
}

/**
 * The page's timing (see measureListing): the click on the folder picker, the frames that
 * paint the first rows and "Show ignored" (`window.__marks`; `window.__done` resolves with
 * the latter), long tasks while listing; the picker stubbed to the OPFS folder `rootName`.
 */
export const listingInitScript = (rootName: string) =>
  `(() => {
    window.__t0 = 0;
    window.__marks = {};
    window.__longest = 0;
    window.__tasks = [];
    window.__done = new Promise((resolve) => { window.__doneResolve = resolve; });
    document.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button') : null;
      if (!window.__t0 && button && button.textContent.includes('Select a project folder'))
        window.__t0 = e.timeStamp;
    }, true);
    const painted = (name) => requestAnimationFrame(() => setTimeout(() => {
      window.__marks[name] = performance.now() - window.__t0;
      if (name === 'complete') window.__doneResolve();
    }, 0));
    new MutationObserver(() => {
      if (!window.__t0) return;
      if (!window.__firstSeen && document.querySelector('[role=tree] [role=treeitem]')) {
        window.__firstSeen = true;
        painted('firstRows');
      }
      if (!window.__completeSeen && [...document.querySelectorAll('button[aria-pressed]')]
          .some((b) => b.textContent.startsWith('Show ignored'))) {
        window.__completeSeen = performance.now();
        painted('complete');
      }
      // The sizes stage: its status ("Checking changes…") shown after the tree, then gone.
      const checking = [...document.querySelectorAll('[role=status]')]
        .some((s) => s.textContent.includes('Checking changes'));
      if (window.__completeSeen && checking) window.__checkingSeen = true;
      if (window.__checkingSeen && !checking && !window.__sizesSeen) {
        window.__sizesSeen = true;
        painted('sizes');
      }
    }).observe(document, { subtree: true, childList: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!window.__t0 || e.startTime < window.__t0) continue;
        if (window.__completeSeen && e.startTime > window.__completeSeen) continue;
        window.__longest = Math.max(window.__longest, e.duration);
        window.__tasks.push({ at: e.startTime - window.__t0, ms: e.duration });
      }
    }).observe({ type: 'longtask', buffered: false });
    Object.defineProperty(window, 'showDirectoryPicker', { configurable: true, writable: true,
      value: async () => (await navigator.storage.getDirectory()).getDirectoryHandle(${JSON.stringify(rootName)}) });
  })()`;

/**
 * Reloads the page, walks the folder bare (one warm-up, three measured), then connects it
 * through the app and reads what the init script recorded.
 */
async function connectAndMeasure(page: Page, rootName: string): Promise<ListingRun> {
  const loadBefore = loadavg()[0]!;
  await page.reload();
  await page.getByRole('button', { name: 'Select a project folder' }).waitFor();
  // The bare walk on the same handle, warm, in the page the app then runs in: one walk to
  // warm up, then three measured (median). Each measured walk, and the connect, starts from
  // a collected heap with Chromium quiet: without that, the connect paid for tearing down
  // the bare walks' ~100,000 handles (decision 085).
  const walk = () =>
    page.evaluate<{ ms: number; files: number }>(`(${BARE_WALK})(${JSON.stringify(rootName)})`);
  const bare = await walk();
  const bareWalks: number[] = [];
  for (let i = 0; i < 3; i++) {
    await settle(page);
    bareWalks.push((await walk()).ms);
  }
  bareWalks.sort((a, b) => a - b);
  await settle(page);
  const profiler =
    process.env.BENCH_PROFILE === '1' ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
    await profiler.send('Profiler.start');
  }
  await page.getByRole('button', { name: 'Select a project folder' }).click();
  // Waits on the in-page mark (the frame that painted "Show ignored", recorded by the init
  // script): a cheap check every 100 ms. Waiting on the role and name of the button made
  // Playwright compute accessible names over the page inside the measured window (55–70 ms
  // of main-thread time under load), which the bare walk never pays.
  await page.waitForFunction(() => 'complete' in (window as unknown as Marks).__marks, null, {
    polling: 100,
    timeout: 300_000,
  });
  // Then the sizes, in the background (outside the tree's window and its long tasks).
  await page
    .waitForFunction(() => 'sizes' in (window as unknown as Marks).__marks, null, {
      polling: 100,
      timeout: 120_000,
    })
    .catch(() => {});
  const { firstRowsMs, completeMs, sizesMs, longestTaskMs, tasks } = await page.evaluate(() => {
    const w = window as unknown as Marks;
    return {
      firstRowsMs: w.__marks.firstRows!,
      completeMs: w.__marks.complete!,
      sizesMs: w.__marks.sizes ?? Number.NaN,
      longestTaskMs: w.__longest,
      tasks: w.__tasks,
    };
  });
  if (profiler) {
    const { profile } = (await profiler.send('Profiler.stop')) as { profile: CpuProfile };
    // The whole profile, stacks included, for DevTools or a script (self time hides callers).
    if (process.env.BENCH_PROFILE_OUT) {
      await writeFile(
        `${process.env.BENCH_PROFILE_OUT}-${Date.now()}.cpuprofile`,
        JSON.stringify(profile),
      );
    }
    console.error(
      [
        `Listing: long tasks (ms after the click: duration): ${tasks.map((t) => `${Math.round(t.at)}: ${Math.round(t.ms)}`).join(', ') || 'none'}`,
        'Main-thread self time, connect → complete tree:',
        ...topFunctions(profile, 25),
      ].join('\n'),
    );
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return {
    files: bare.files,
    bareWalkMs: bareWalks[1]!,
    bareWalks,
    firstRowsMs,
    completeMs,
    sizesMs,
    longestTaskMs,
    heapMb: heap.usedSize / 1_048_576,
    load: [loadBefore, loadavg()[0]!],
  };
}

/**
 * Connects per condition. One connect varied from 0.85 to 2.8 s on a quiet machine with
 * the same build (decision 081): a single one cannot judge the row.
 */
const LISTING_ROUNDS = Number(process.env.BENCH_LISTING_ROUNDS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Connects `LISTING_ROUNDS` times, dropping the app's memory of the folder after each. */
async function measureRounds(page: Page, rootName: string): Promise<ListingRounds> {
  const rounds: ListingRun[] = [];
  for (let i = 0; i < LISTING_ROUNDS; i++) {
    rounds.push(await connectAndMeasure(page, rootName));
    await page.evaluate(FORGET_FOLDER);
  }
  return {
    rounds,
    files: rounds[0]!.files,
    bareWalkMs: median(rounds.map((r) => r.bareWalkMs)),
    firstRowsMs: median(rounds.map((r) => r.firstRowsMs)),
    completeMs: median(rounds.map((r) => r.completeMs)),
    sizesMs: median(rounds.map((r) => r.sizesMs)),
    ratio: median(rounds.map((r) => r.completeMs / r.bareWalkMs)),
    longestTaskMs: Math.max(...rounds.map((r) => r.longestTaskMs)),
    heapMb: rounds.at(-1)!.heapMb,
    load: [rounds[0]!.load[0], rounds.at(-1)!.load[1]],
  };
}

export async function measureListing(
  dirs: { dir: string; under: string }[],
): Promise<ListingResult> {
  // BENCH_NO_BUILD=1 serves BENCH_WEB_DIST as built before (A/B of two builds).
  if (process.env.BENCH_NO_BUILD !== '1') await buildWeb();
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const rootName = 'listing-corpus';
    // Timed in the page, as the bare walk is: from the click event to the frame that paints
    // the first tree row, then "Show ignored" (it appears with the complete tree). Timing
    // from Node would add Playwright's round trips (~200 ms) to our figures only.
    await page.addInitScript(listingInitScript(rootName));
    await signIn(page, server.url);
    await writeCorpus(page, rootName, dirs);
    const quiet = await measureRounds(page, rootName);
    // The same again with one busy process per core beside it (a busy machine).
    const load = cpuLoad();
    try {
      return { ...quiet, busy: await measureRounds(page, rootName) };
    } finally {
      load.stop();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * Selecting one package of the large corpus with the three default blocks: the prompt's
 * tokens against that package's file tokens + STRUCTURE_BUDGET_SHARE of the budget.
 */
export async function measurePackageSelection(largeDir: string, packageDir: string) {
  const provider = new NodeFileProvider(largeDir);
  const scan = await scanProject(provider, 'large', { corePatterns: CORE_SYSTEM_IGNORE_PATTERNS });
  const selected = scan.files.map((f) => f.path).filter((p) => p.startsWith(`${packageDir}/`));
  let total = 0;
  let fileTokens = 0;
  for await (const segment of promptSegments({
    items: [
      { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
      { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
      { type: 'DYNAMIC_TASK', content: '', isActive: true },
    ],
    finalRequest: '',
    mode: 'PROJECT',
    project: { name: 'large', provider, root: scan.root, fileCount: scan.files.length },
    selectedFiles: selected,
  })) {
    const tokens = countCl100k(segment.text);
    total += tokens;
    if (segment.kind === 'file') fileTokens += tokens;
  }
  const allowed = fileTokens + STRUCTURE_BUDGET_SHARE * DEFAULT_STRUCTURE_BUDGET;
  return { files: selected.length, total, fileTokens, allowed };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const ok = (pass: boolean) => (pass ? 'yes' : '**NO**');

const loadText = ([before, after]: [number, number]) =>
  `load ${before.toFixed(1)}–${after.toFixed(1)}`;

/** The listing rows of one condition (target: complete tree ≤ 1.3 × the bare walk). */
function runRows(l: ListingRounds, beside: string): string[] {
  const completeOk = l.ratio <= 1.3;
  const each = l.rounds.map((r) => `${fmt(r.completeMs)} / ${fmt(r.bareWalkMs)}`).join(', ');
  const n = l.rounds.length;
  return [
    `| large+medium | 6. browser folder access: bare parallel walk${beside} (${l.files} files; median over ${n} connects of each one's median of 3 warm walks; ${loadText(l.load)}) | ${fmt(l.bareWalkMs)} | | | | | | – |`,
    `| large+medium | 6. connect → first rows${beside} (median of ${n}) | ${fmt(l.firstRowsMs)} | | | | | | ${ok(l.firstRowsMs <= 1000)} |`,
    `| large+medium | 6. connect → complete tree${beside} (median of ${n}; each complete / bare: ${each}) | ${fmt(l.completeMs)} | ${Math.round(l.heapMb)} MB (JS heap after) | | | ${l.ratio.toFixed(2)} of the bare walk (median of the ${n} ratios) | | ${ok(completeOk && l.heapMb <= 400)} |`,
    `| large+medium | 6. longest main-thread task while listing${beside} (longest of ${n}) | ${fmt(l.longestTaskMs)} | | | | | | ${ok(l.longestTaskMs <= 100)} |`,
    `| large+medium | 6. connect → every file's size known, the background stage after the tree${beside} (median of ${n}; each: ${l.rounds.map((r) => fmt(r.sizesMs)).join(', ')}) | ${fmt(l.sizesMs)} | | | | | | – |`,
  ];
}

/** Table rows (same columns as run.ts) for the listing and package-selection figures. */
export async function listingRows(corpora: { name: string; dir: string }[]): Promise<string[]> {
  const large = corpora.find((c) => c.name === 'large')!;
  const medium = corpora.find((c) => c.name === 'medium')!;
  // large (23,010) + medium (2,327) in one folder: over 25,000 files.
  const l = await measureListing([
    { dir: large.dir, under: '' },
    { dir: medium.dir, under: 'medium' },
  ]);
  const packages = ['packages/rxjs', 'packages/lodash', 'packages/@angular/core'];
  const selections = [];
  for (const p of packages)
    selections.push({ p, ...(await measurePackageSelection(large.dir, p)) });
  return [
    ...runRows(l, ''),
    ...runRows(l.busy, `, one busy process per core beside it`),
    ...selections.map(
      (pkg) =>
        `| large | 7. one package selected (${pkg.files} files of ${pkg.p}), default blocks | ${pkg.total} tokens (files ${pkg.fileTokens}; allowed ${Math.round(pkg.allowed)}) | | | | | | ${ok(pkg.total <= pkg.allowed)} |`,
    ),
  ];
}

const spreadText = (s: Spread) => `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})`;

/**
 * Select all → final count in the browser (the medium corpus through the upload path,
 * three quiet visits) beside Repomix packing the same folder (the faster of 1.14.0 and
 * 1.18.1 with a cold token cache), and beside the floor of the same visits (every file read
 * in parallel and counted in a pool of the app's tokenizer workers, nothing else).
 * Targets: ≤ 0.3 × Repomix, ≤ 1.5 × the floor.
 */
export function selectAllBesideRepomixRow(
  ours: {
    selectAllToCountMs: Spread;
    floorMs: Spread;
    finalTokens: number;
    rendererMb: number;
    warm?: { reselectMs: Spread; reloadMs: Spread; tokens: number } | null;
  },
  repomix: { ms: Spread; files: number; tokens: number; name?: string },
  /** Repomix 1.18.1 with its token cache kept, for the warm rows. */
  repomixWarm?: Spread,
): string[] {
  const ratio = ours.selectAllToCountMs.median / repomix.ms.median;
  const toFloor = ours.selectAllToCountMs.median / ours.floorMs.median;
  const met = ratio <= 0.3 && toFloor <= 1.5 ? 'yes' : 'no';
  const rows = [
    `| medium | 5. browser floor: every file read (joined into 256 KB Blobs, one read each) and counted in the worker pool (same page, same visits), cold | ${spreadText(ours.floorMs)} | | | | | | – |`,
    `| medium | 5. browser select all → final count (${ours.finalTokens} tokens) beside ${repomix.name ?? 'Repomix'} packing the same files (${repomix.files} files, ${repomix.tokens} tokens), cold | ${spreadText(ours.selectAllToCountMs)} | ${Math.round(ours.rendererMb)} MB (renderer) | ${spreadText(repomix.ms)} | | ${ratio.toFixed(2)} (${toFloor.toFixed(2)} × the floor) | | ${met} |`,
  ];
  const warm = ours.warm;
  if (!warm) return rows;
  // Warm figures beside both: the faster cold Repomix and 1.18.1 with its own cache kept.
  const against = (ms: Spread) => {
    const cold = ms.median / repomix.ms.median;
    const kept = repomixWarm ? ms.median / repomixWarm.median : NaN;
    const text = `${cold.toFixed(2)} of cold Repomix, ${kept.toFixed(2)} of warm 1.18.1 (${(ms.median / ours.floorMs.median).toFixed(2)} × the cold floor)`;
    return { text, met: Math.max(cold, Number.isNaN(kept) ? 0 : kept) <= 0.1 ? 'yes' : 'no' };
  };
  const again = against(warm.reselectMs);
  const reload = against(warm.reloadMs);
  const warmRepomix = repomixWarm ? spreadText(repomixWarm) : '';
  rows.push(
    `| medium | 5. browser, warm: Deselect all → Select all again → final count, same page (counts in memory) | ${spreadText(warm.reselectMs)} | | ${warmRepomix} | | ${again.text} | | ${again.met} |`,
    `| medium | 5. browser, warm: reload, same folder uploaded again → Select all → final count (${warm.tokens} tokens; IndexedDB count cache, files read again) | ${spreadText(warm.reloadMs)} | | ${warmRepomix} | | ${reload.text} | | ${reload.met} |`,
  );
  return rows;
}
