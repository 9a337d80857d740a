// The browser's suggestion index on the large corpus (~23,000 files), one visit and its
// reload: table rows "16." of `npm run bench` (`suggestIndexRows`), or alone with its
// detailed output, `node --import tsx bench/suggest-index.ts` (BENCH_NO_BUILD=1 reuses the
// last build; BENCH_CORPUS=medium for the smaller one). Figures (decision 097):
// - index build, first visit: the index worker's build, from its open to its ready (the
//   page's marks), beside the floor in the same page: every uploaded file read once (joined
//   256 KB Blobs, decoded), nothing else;
// - keys typed into the request at a steady pace from the build's open to its ready, their
//   latency and the page's long tasks meanwhile, by script (`suggest/build-jank.ts`);
// - the index worker's JS heap after a collection, and the origin's IndexedDB usage;
// - a second visit (reload, the folder uploaded again): the build from the stored index;
// - re-ranking after a request edit: the page's rank round trip once the request settles.
import { loadavg } from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { buildWeb, signIn, startServer, takeUploadPathKeepingFiles } from './browser-app';
import { type Corpus, ensureCorpora } from './corpora';
import { formatPhaseCpu, phaseCpu, readCpu, sampleCpu } from './suggest/build-cpu';
import { type KeystrokeFigures, formatKeystrokes, keystrokeFigures } from './keystrokes';
import { startPageProfile, startPageTrace, stopPageProfile } from './suggest/page-profile';
import { startGcTrace, startWorkerProfile } from './suggest/worker-profile';
import { fmtMs, ok } from './table-cells';
import {
  formatBuildJank,
  readBuildJank,
  typeAfterBuild,
  typeDuringBuild,
  watchBuild,
} from './suggest/build-jank';

const load = () => loadavg()[0]!.toFixed(1);

interface Built {
  ms: number;
  handedMs: number | null;
  files: number;
  reused: number;
  indexed: number;
}

/** Waits for the index's ready mark after `since` (ms on the page's clock); the build's span. */
async function indexBuilt(page: Page, since: number): Promise<Built> {
  await page.waitForFunction(
    (after) =>
      performance
        .getEntriesByName('promptloom:suggest-index-ready')
        .some((mark) => mark.startTime > after),
    since,
    { timeout: 30 * 60_000, polling: 200 },
  );
  return page.evaluate(() => {
    const open = performance.getEntriesByName('promptloom:suggest-index-open').at(-1)!;
    const ready = performance
      .getEntriesByName('promptloom:suggest-index-ready')
      .at(-1) as PerformanceMark;
    const detail = ready.detail as { files: number; reused: number; indexed: number };
    // When the page had handed every file over (absent before decision 120's marks).
    const handed = performance.getEntriesByName('promptloom:suggest-index-handed').at(-1);
    const handedMs =
      handed && handed.startTime > open.startTime ? handed.startTime - open.startTime : null;
    return { ms: ready.startTime - open.startTime, handedMs, ...detail };
  });
}

/** Every uploaded file read once in the page, joined into 256 KB Blobs and decoded. */
async function readFloor(page: Page): Promise<number> {
  await page.evaluate('window.__name = (fn) => fn');
  return page.evaluate(async () => {
    const files = (window as unknown as { __benchFiles: File[] }).__benchFiles;
    const started = performance.now();
    const groups: File[][] = [[]];
    let bytes = 0;
    for (const file of files) {
      groups.at(-1)!.push(file);
      bytes += file.size;
      if (bytes >= 256 * 1024) {
        groups.push([]);
        bytes = 0;
      }
    }
    const decoder = new TextDecoder();
    let chars = 0;
    await Promise.all(
      groups.map(async (members) => {
        const all = new Uint8Array(await new Blob(members).arrayBuffer());
        let at = 0;
        for (const file of members)
          chars += decoder.decode(all.subarray(at, (at += file.size))).length;
      }),
    );
    return chars >= 0 ? performance.now() - started : 0;
  });
}

/**
 * The suggestion index worker's JS heap after a collection, through the DevTools protocol's
 * target messages (the worker is a target of the page's session); null where it cannot attach.
 */
async function workerHeapMb(page: Page): Promise<number | null> {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const target = targetInfos.find((t) => t.type === 'worker' && t.url.includes('suggest-index'));
  if (!target) return null;
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  let nextId = 1;
  const call = (method: string) =>
    new Promise<Record<string, number>>((resolve) => {
      const id = nextId++;
      const listen = (event: { sessionId: string; message: string }) => {
        const reply = JSON.parse(event.message) as { id?: number; result?: Record<string, number> };
        if (event.sessionId !== sessionId || reply.id !== id) return;
        cdp.off('Target.receivedMessageFromTarget', listen);
        resolve(reply.result ?? {});
      };
      cdp.on('Target.receivedMessageFromTarget', listen);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method }),
      });
    });
  await call('HeapProfiler.collectGarbage');
  const { usedSize } = await call('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize === undefined ? null : usedSize / 1_048_576;
}

/**
 * A digest of the packed index the worker stored (its strings, then every typed array, as
 * `suggest/index-cost.ts` digests it), so that two builds of the web app can show the same.
 */
async function storedDigest(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('promptloom-suggest-index');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const records = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const all = database.transaction('projects').objectStore('projects').getAll();
      all.onsuccess = () => resolve(all.result as Record<string, unknown>[]);
      all.onerror = () => reject(new Error(String(all.error)));
    });
    database.close();
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (const packed of records) {
      parts.push(new TextEncoder().encode(packed.strings as string));
      for (const value of Object.values(packed))
        if (ArrayBuffer.isView(value))
          parts.push(
            new Uint8Array(value.buffer as ArrayBuffer, value.byteOffset, value.byteLength),
          );
    }
    const hash = new Uint8Array(
      await crypto.subtle.digest('SHA-256', await new Blob(parts).arrayBuffer()),
    );
    return [...hash.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  });
}

interface Reranked {
  /** The page's rank round trip, from its ask to the worker's reply (the target's figure). */
  ms: number;
  /** Of which the worker's ranking itself. */
  workerMs: number;
  /** From the reply to the region's rows drawn and no longer busy (their token counts). */
  rowsMs: number;
}

/** The rank round trip after an edit of the request, once the region is open (median of 3). */
async function rankAfterEdit(page: Page): Promise<Reranked> {
  const request = page.getByLabel('Final request');
  await request.fill('Fix the parseISO function so that it accepts week dates');
  await page.getByRole('button', { name: 'Suggest files', exact: true }).click();
  const region = page.getByRole('region', { name: 'Suggested files', exact: true });
  await region.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 120_000 });
  const times: Reranked[] = [];
  for (const edit of [' and ordinal dates', ' without a timezone', ' in strict mode']) {
    const before = await page.evaluate(() => performance.now());
    await request.press('End');
    await request.pressSequentially(edit);
    await page.waitForFunction(
      (after) =>
        performance.getEntriesByName('promptloom:suggest-rank').some((m) => m.startTime > after),
      before,
    );
    await region.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 120_000 });
    times.push(
      await page.evaluate(() => {
        const rank = performance.getEntriesByName('promptloom:suggest-rank').at(-1)!;
        const { workerMs } = ((rank as PerformanceMeasure).detail ?? {}) as { workerMs?: number };
        const rowsMs = performance.now() - (rank.startTime + rank.duration);
        return { ms: rank.duration, workerMs: workerMs ?? NaN, rowsMs };
      }),
    );
  }
  return times.sort((a, b) => a.ms - b.ms)[1]!;
}

async function upload(page: Page, dir: string): Promise<number> {
  const since = await page.evaluate(() => performance.now());
  await page.setInputFiles('input[type="file"][webkitdirectory]', dir, {
    timeout: 300_000,
  });
  await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem').first().waitFor({
    timeout: 300_000,
  });
  return since;
}

interface SuggestIndexFigures {
  corpus: string;
  /** The first visit's build, and the floor: every file read once in the same page. */
  first: Built;
  floorMs: number;
  /** Own latency of the keys typed while the index builds, and of as many typed after it. */
  keys: KeystrokeFigures;
  idleKeys: KeystrokeFigures;
  /** The index worker's JS heap after a collection (null where it cannot attach). */
  heapMb: number | null;
  idbMb: number;
  rank: Reranked;
  /** The second visit's build (reload, the folder uploaded again). */
  again: Built;
  load: [string, string];
  /** What the standalone prints: every figure above and the build's details. */
  details: string[];
}

/**
 * One visit that uploads `corpus` and times the index's build, the keys typed meanwhile, its
 * heap and storage and a re-rank, then its reload. Builds the web app first unless
 * BENCH_NO_BUILD=1 (`buildWeb` builds once per process: within `npm run bench` this reuses the
 * build of the browser rows before it). `log` gets the detailed lines as they come.
 */
async function measureSuggestIndex(
  corpus: Pick<Corpus, 'name' | 'dir'>,
  log: (text: string) => void = () => {},
): Promise<SuggestIndexFigures> {
  if (process.env.BENCH_NO_BUILD !== '1') await buildWeb();
  const server = await startServer();
  // BENCH_JS_FLAGS: V8 flags for Chromium (`--single-threaded-gc`…), to tell threads' work apart.
  const browser = await launchBrowser(
    process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : [],
  );
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await takeUploadPathKeepingFiles(page);
    await signIn(page, server.url);
    await page.bringToFront();
    const loadBefore = load();
    await watchBuild(page);
    // BENCH_CPU=1: every Chromium thread's CPU over the build and over the floor, and the
    // build's cores in use every half second.
    const sampling = process.env.BENCH_CPU === '1' ? sampleCpu(500) : null;
    let tracing: { stop: () => Promise<string[]> } | null = null;
    // BENCH_TRACE=early: the trace from before the upload, so that the build's first tasks
    // (those before the open mark is seen) are in it too.
    if (process.env.BENCH_TRACE === 'early') tracing = await startPageTrace(page);
    const since = await upload(page, corpus.dir);
    let profiling: CDPSession | null = null;
    // BENCH_WORKER_PROFILE=<file.cpuprofile>: the index worker's CPU profile over the build
    // (written there), its sampled allocations, and the GC's time by thread.
    const workerProfileFile = process.env.BENCH_WORKER_PROFILE;
    const workerProfiling: { stop: () => Promise<string[]> }[] = [];
    const span = await typeDuringBuild(page, page.getByLabel('Final request'), since, async () => {
      if (process.env.BENCH_PROFILE === '1') profiling = await startPageProfile(page);
      if (process.env.BENCH_TRACE === '1') tracing = await startPageTrace(page);
      if (workerProfileFile)
        workerProfiling.push(
          await startWorkerProfile(page, workerProfileFile),
          await startGcTrace(page),
        );
    });
    sampling?.stop();
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const buildCpu = sampling?.between(timeOrigin + span.open, timeOrigin + span.ready) ?? [];
    const profiled = [
      ...(profiling ? await stopPageProfile(profiling) : []),
      ...(tracing ? await tracing.stop() : []),
      ...(await Promise.all(workerProfiling.map((p) => p.stop()))).flat(),
    ];
    const jank = await readBuildJank(page, span);
    const first = await indexBuilt(page, since);
    const idle = await readBuildJank(
      page,
      await typeAfterBuild(
        page,
        page.getByLabel('Final request'),
        Math.min(200, jank.keys.ownMs.length) || 100,
      ),
    );
    const loadAfter = load();
    const floorBefore = sampling ? readCpu() : null;
    const floorMs = await readFloor(page);
    const floorCpu = floorBefore ? phaseCpu(floorBefore, readCpu()) : null;
    const cpuLines = floorCpu
      ? [
          ...formatPhaseCpu('build', phaseCpu(buildCpu[0]!, buildCpu.at(-1)!)),
          `    Chromium's cores every 0.5 s of the build: ${buildCpu
            .slice(1)
            .map((to, i) => phaseCpu(buildCpu[i]!, to).chromium.toFixed(1))
            .join(' ')}`,
          ...formatPhaseCpu('floor', floorCpu),
        ]
      : [];
    const heapMb = await workerHeapMb(page);
    const idbMb = await page.evaluate(async () => {
      const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
        usageDetails?: { indexedDB?: number };
      };
      return (estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0) / 1_048_576;
    });
    const stored = await storedDigest(page);
    const rank = await rankAfterEdit(page);
    const keys = keystrokeFigures([jank.keys]);
    const idleKeys = keystrokeFigures([idle.keys]);
    const f = (ms: number) => `${Math.round(ms)} ms`;
    // A run's header says when no key was typed during its build, so its ratio is not read
    // as one with keys (the control's keys after the build are typed either way).
    const label = [
      process.env.BENCH_LABEL,
      process.env.BENCH_NO_TYPING === '1' ? 'no keys during the build' : '',
    ].filter(Boolean);
    const details = [
      `suggestion index${label.length ? ` [${label.join('; ')}]` : ''}, ${corpus.name} corpus (${first.files} files), Chromium ${browser.version()}, load ${loadBefore}–${loadAfter}:`,
      `  build, first visit: ${f(first.ms)} (${first.indexed} indexed${first.handedMs === null ? '' : `, every file handed over by ${f(first.handedMs)}`}) against the floor, every file read once in the same page, ${f(floorMs)}: ${(first.ms / floorMs).toFixed(2)} × (target ≤ 1.5 ×)`,
      `  ${jank.keys.ownMs.length} keys typed while it builds, own latency: ${formatKeystrokes(keys)}`,
      ...formatBuildJank(jank),
      ...cpuLines,
      ...profiled,
      `  control, as many keys typed in the same page after the build: own latency ${formatKeystrokes(idleKeys)}`,
      ...formatBuildJank(idle).slice(0, 4),
      `  index worker heap after GC: ${heapMb === null ? 'n/a' : `${heapMb.toFixed(0)} MB`} (target ≤ 200 MB); IndexedDB usage of the origin: ${idbMb.toFixed(1)} MB; stored index digest ${stored}`,
      `  re-rank after a request edit (median of 3): ${f(rank.ms)} (target ≤ 300 ms), of which the worker's ranking ${f(rank.workerMs)}; then ${f(rank.rowsMs)} until the rows are drawn and counted`,
    ];
    log(details.join('\n'));

    await page.reload();
    await page.bringToFront();
    const again = await indexBuilt(page, await upload(page, corpus.dir));
    const secondLine = `  second visit (reload, uploaded again): ${f(again.ms)} (${again.reused} reused, ${again.indexed} indexed), ${((again.ms / first.ms) * 100).toFixed(1)} % of the first (target ≤ 10 %)`;
    log(secondLine);
    details.push(secondLine);
    return {
      corpus: corpus.name,
      first,
      floorMs,
      keys,
      idleKeys,
      heapMb,
      idbMb,
      rank,
      again,
      load: [loadBefore, loadAfter],
      details,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Table rows "16." (same columns as run.ts) from one visit and its reload. */
function suggestIndexTableRows(s: SuggestIndexFigures): string[] {
  const c = s.corpus;
  const buildRatio = s.first.ms / s.floorMs;
  const againRatio = s.again.ms / s.first.ms;
  const heap = s.heapMb === null ? 'n/a' : `${Math.round(s.heapMb)} MB`;
  return [
    `| ${c} | 16. browser: suggestion index build, first visit (${s.first.files} files, ${s.first.indexed} indexed; load ${s.load[0]}–${s.load[1]}), beside the floor: every file read once in the same page, ${fmtMs(s.floorMs)} | ${fmtMs(s.first.ms)} | | | | ${buildRatio.toFixed(2)} × the floor | | ${ok(buildRatio <= 1.5)} |`,
    `| ${c} | 16. browser: keystroke → paint while the suggestion index builds, the page's own latency (${s.keys.samples} keys, one every 50 ms) | ${formatKeystrokes(s.keys)} | | | | | | ${ok(s.keys.samples > 0 && s.keys.own.p95 < 16)} |`,
    `| ${c} | 16. browser control: as many keys typed in the same page after the build | ${formatKeystrokes(s.idleKeys)} | | | | | | – |`,
    `| ${c} | 16. browser: suggestion index worker's JS heap after GC; IndexedDB usage of the origin | ${heap}; IndexedDB ${s.idbMb.toFixed(1)} MB | | | | | | ${ok(s.heapMb !== null && s.heapMb <= 200)} |`,
    `| ${c} | 16. browser: suggestion index, second visit (reload, uploaded again; ${s.again.reused} reused, ${s.again.indexed} indexed) | ${fmtMs(s.again.ms)} | | | | ${(againRatio * 100).toFixed(1)} % of the first build | | ${ok(againRatio <= 0.1)} |`,
    `| ${c} | 16. browser: suggestion re-rank after a request edit (median of 3; the worker's ranking ${fmtMs(s.rank.workerMs)}, then ${fmtMs(s.rank.rowsMs)} until the rows are drawn) | ${fmtMs(s.rank.ms)} | | | | | | ${ok(s.rank.ms <= 300)} |`,
  ];
}

/** Table rows "16." of `npm run bench`: the large corpus; the details go to stderr. */
export async function suggestIndexRows(corpus: Pick<Corpus, 'name' | 'dir'>): Promise<string[]> {
  const figures = await measureSuggestIndex(corpus, (text) => process.stderr.write(`${text}\n`));
  return suggestIndexTableRows(figures);
}

if (import.meta.filename === process.argv[1]) {
  const name = process.env.BENCH_CORPUS ?? 'large';
  const corpus = (await ensureCorpora()).find((c) => c.name === name);
  if (!corpus) throw new Error(`no corpus named ${name}`);
  await measureSuggestIndex(corpus, (text) => console.log(text));
}
