// Row 6: opening a folder of 25,000+ files through the folder-access path in headless
// Chromium (the corpus written into OPFS once, outside the timing), beside a bare parallel
// walk of the same handle in the same page.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { buildWeb, signIn, startServer } from './browser-app';
import { settle } from './chromium-cpu';
import { type CpuProfile, topFunctions } from './cpu-profile';
import {
  BARE_WALK,
  FORGET_FOLDER,
  type Marks,
  listingInitScript,
  writeCorpus,
} from './listing-page-scripts';

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

/** One process spinning per core, as other work on a busy machine would. */
function cpuLoad(): { stop: () => void } {
  const children = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return { stop: () => children.forEach((child) => child.kill('SIGKILL')) };
}

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
