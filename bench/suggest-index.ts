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
import { visitTrace } from './suggest/visit-trace';
import { startTrace } from './lab/trace-keys';
import { fmtMs, ok } from './table-cells';
import {
  formatBuildJank,
  readBuildJank,
  typeAfterBuild,
  typeDuringBuild,
  typeWhile,
  watchBuild,
} from './suggest/build-jank';
import {
  type Built,
  type Reranked,
  forgetStoredIndex,
  indexBuilt,
  rankAfterEdit,
  readFloor,
  storedDigest,
  upload,
  workerHeapMb,
} from './suggest/index-page';

const load = () => loadavg()[0]!.toFixed(1);

/** Chromium's threads' CPU now, when BENCH_CPU=1. */
const readCpuIf = () => (process.env.BENCH_CPU === '1' ? readCpu() : null);

interface SuggestIndexFigures {
  corpus: string;
  /**
   * The first visit's build with no key typed, and the floor read with none: every file read
   * once in the same page (the target's ratio, like for like).
   */
  first: Built;
  floorMs: number;
  /**
   * The same first build again (the stored index deleted, the page reloaded) with a key typed
   * every 50 ms through it, and the floor read in its page while keys are typed at the same
   * pace (`floorKeys` of them); null under BENCH_NO_TYPING=1.
   */
  typed: { build: Built; floorMs: number; floorKeys: number } | null;
  /** Own latency of the keys typed while the typed build runs, and of as many typed after it. */
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

interface TimedBuild {
  since: number;
  span: { open: number; ready: number };
  built: Built;
  /** The profilers' and tracers' lines, and Chromium's CPU samples over the build. */
  profiled: string[];
  buildCpu: ReturnType<typeof readCpu>[];
}

/**
 * Uploads `corpus` and waits for the index's build, typing into the request through it when
 * `typing`; `instrument` starts the knobs' samplers and profilers over this build (BENCH_CPU,
 * BENCH_TRACE, BENCH_PROFILE, BENCH_WORKER_PROFILE).
 */
async function timedBuild(
  page: Page,
  corpus: Pick<Corpus, 'dir'>,
  typing: boolean,
  instrument: boolean,
): Promise<TimedBuild> {
  await watchBuild(page);
  // BENCH_CPU=1: every Chromium thread's CPU over the build and over the floor, and the
  // build's cores in use every half second.
  const sampling = instrument && process.env.BENCH_CPU === '1' ? sampleCpu(500) : null;
  let tracing: { stop: () => Promise<string[]> } | null = null;
  // BENCH_TRACE=early: the trace from before the upload, so that the build's first tasks
  // (those before the open mark is seen) are in it too.
  if (instrument && process.env.BENCH_TRACE === 'early') tracing = await startPageTrace(page);
  const since = await upload(page, corpus.dir);
  let profiling: CDPSession | null = null;
  // BENCH_WORKER_PROFILE=<file.cpuprofile>: the index worker's CPU profile over the build
  // (written there), its sampled allocations, and the GC's time by thread.
  const workerProfileFile = process.env.BENCH_WORKER_PROFILE;
  const workerProfiling: { stop: () => Promise<string[]> }[] = [];
  const field = page.getByLabel('Final request');
  const span = await typeDuringBuild(page, field, since, typing, async () => {
    if (!instrument) return;
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
  return { since, span, built: await indexBuilt(page, since), profiled, buildCpu };
}

/**
 * Two first visits, each timed beside the floor read in its own page under the same
 * conditions: the build with no key typed (the target's ratio), then, the stored index
 * deleted and the page reloaded, the build with a key typed every 50 ms through it and the
 * floor read with keys typed at that pace too; then the keys' control, the worker's heap and
 * storage, a re-rank, and a reload (the second visit). BENCH_NO_TYPING=1 leaves out the typed
 * build (the control's keys are still typed after the keyless one). Builds the web app first
 * unless BENCH_NO_BUILD=1 (`buildWeb` builds once per process: within `npm run bench` this
 * reuses the build of the browser rows before it). `log` gets the detailed lines as they come.
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
    const typing = process.env.BENCH_NO_TYPING !== '1';
    const field = page.getByLabel('Final request');
    // The samplers and profilers go on the typed build when there is one (the keys' costs).
    const keyless = await timedBuild(page, corpus, false, !typing);
    let floorBefore = typing ? null : readCpuIf();
    const floorMs = await readFloor(page);
    let floorCpu = floorBefore ? phaseCpu(floorBefore, readCpu()) : null;
    const keylessDigest = await storedDigest(page);
    let typed: SuggestIndexFigures['typed'] = null;
    let last = keyless;
    if (typing) {
      await page.reload();
      await forgetStoredIndex(page);
      await page.bringToFront();
      last = await timedBuild(page, corpus, true, true);
    }
    const jank = await readBuildJank(page, last.span);
    const idle = await readBuildJank(
      page,
      await typeAfterBuild(page, field, Math.min(200, jank.keys.ownMs.length) || 100),
    );
    if (typing) {
      floorBefore = readCpuIf();
      const floor = await typeWhile(page, field, readFloor(page));
      floorCpu = floorBefore ? phaseCpu(floorBefore, readCpu()) : null;
      typed = { build: last.built, floorMs: floor.value, floorKeys: floor.keys };
    }
    const loadAfter = load();
    const { buildCpu } = last;
    const cpuLines =
      floorCpu && buildCpu.length > 1
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
    const stored = typing ? await storedDigest(page) : keylessDigest;
    const rank = await rankAfterEdit(page);
    const keys = keystrokeFigures([jank.keys]);
    const idleKeys = keystrokeFigures([idle.keys]);
    const first = keyless.built;
    const f = (ms: number) => `${Math.round(ms)} ms`;
    const x = (ratio: number) => `${ratio.toFixed(2)} ×`;
    const handed = (b: Built) =>
      `${b.indexed} indexed${b.handedMs === null ? '' : `, every file handed over by ${f(b.handedMs)}`}`;
    const label = [process.env.BENCH_LABEL, typing ? '' : 'no typed build'].filter(Boolean);
    const details = [
      `suggestion index${label.length ? ` [${label.join('; ')}]` : ''}, ${corpus.name} corpus (${first.files} files), Chromium ${browser.version()}, load ${loadBefore}–${loadAfter}:`,
      `  build, first visit, no key typed: ${f(first.ms)} (${handed(first)}) against the floor, every file read once in the same page with no key typed, ${f(floorMs)}: ${x(first.ms / floorMs)} (target ≤ 1.5 ×)`,
      ...(typed
        ? [
            `  build, first visit again, a key typed every 50 ms: ${f(typed.build.ms)} (${handed(typed.build)}) against the floor read in its page with keys typed at the same pace (${typed.floorKeys} keys), ${f(typed.floorMs)}: ${x(typed.build.ms / typed.floorMs)}; against the keyless floor ${x(typed.build.ms / floorMs)}; ${x(typed.build.ms / first.ms)} the keyless build`,
          ]
        : []),
      `  ${jank.keys.ownMs.length} keys typed while it builds, own latency: ${formatKeystrokes(keys)}`,
      ...formatBuildJank(jank),
      ...cpuLines,
      ...last.profiled,
      `  control, as many keys typed in the same page after the build: own latency ${formatKeystrokes(idleKeys)}`,
      ...formatBuildJank(idle).slice(0, 4),
      `  index worker heap after GC: ${heapMb === null ? 'n/a' : `${heapMb.toFixed(0)} MB`} (target ≤ 200 MB); IndexedDB usage of the origin: ${idbMb.toFixed(1)} MB; stored index digest ${stored}${stored === keylessDigest ? '' : ` (the keyless build's: ${keylessDigest})`}`,
      `  re-rank after a request edit (median of 3): ${f(rank.ms)} (target ≤ 300 ms), of which the worker's ranking ${f(rank.workerMs)}; then ${f(rank.rowsMs)} until the rows are drawn and counted`,
    ];
    log(details.join('\n'));

    await page.reload();
    await page.bringToFront();
    // BENCH_TRACE_SECOND=1: the second visit traced browser-wide, what each thread did in it.
    const tracingSecond =
      process.env.BENCH_TRACE_SECOND === '1'
        ? await startTrace(page, { browser: true, more: ['IndexedDB'] })
        : null;
    const again = await indexBuilt(page, await upload(page, corpus.dir));
    const secondTrace = tracingSecond ? visitTrace(await tracingSecond()) : [];
    const secondLine = `  second visit (reload, uploaded again): ${f(again.ms)} (${again.reused} reused, ${again.indexed} indexed), ${((again.ms / first.ms) * 100).toFixed(1)} % of the keyless first build (target ≤ 10 %)`;
    log([secondLine, ...secondTrace].join('\n'));
    details.push(secondLine, ...secondTrace);
    return {
      corpus: corpus.name,
      first,
      floorMs,
      typed,
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

/** Table rows "16." (same columns as run.ts) from the two first visits and a reload. */
function suggestIndexTableRows(s: SuggestIndexFigures): string[] {
  const c = s.corpus;
  const buildRatio = s.first.ms / s.floorMs;
  const againRatio = s.again.ms / s.first.ms;
  const heap = s.heapMb === null ? 'n/a' : `${Math.round(s.heapMb)} MB`;
  const t = s.typed;
  const typedRatio = t ? t.build.ms / t.floorMs : NaN;
  return [
    `| ${c} | 16. browser: suggestion index build, first visit, no key typed (${s.first.files} files, ${s.first.indexed} indexed; load ${s.load[0]}–${s.load[1]}), beside the floor: every file read once in the same page, no key typed, ${fmtMs(s.floorMs)} | ${fmtMs(s.first.ms)} | | | | ${buildRatio.toFixed(2)} × the floor | | ${ok(buildRatio <= 1.5)} |`,
    t
      ? `| ${c} | 16. browser: the same first build with a key typed every 50 ms through it, beside the floor read with keys typed at that pace (${t.floorKeys} keys), ${fmtMs(t.floorMs)}; ${(t.build.ms / s.first.ms).toFixed(2)} × the keyless build | ${fmtMs(t.build.ms)} | | | | ${typedRatio.toFixed(2)} × the typed floor | | ${ok(typedRatio <= 1.5)} |`
      : `| ${c} | 16. browser: the first build with keys typed (BENCH_NO_TYPING=1: not run) | – | | | | | | – |`,
    `| ${c} | 16. browser: keystroke → paint while the suggestion index builds, the page's own latency (${s.keys.samples} keys, one every 50 ms) | ${formatKeystrokes(s.keys)} | | | | | | ${ok(s.keys.samples > 0 && s.keys.own.p95 < 16)} |`,
    `| ${c} | 16. browser control: as many keys typed in the same page after the build | ${formatKeystrokes(s.idleKeys)} | | | | | | – |`,
    `| ${c} | 16. browser: suggestion index worker's JS heap after GC; IndexedDB usage of the origin | ${heap}; IndexedDB ${s.idbMb.toFixed(1)} MB | | | | | | ${ok(s.heapMb !== null && s.heapMb <= 200)} |`,
    `| ${c} | 16. browser: suggestion index, second visit (reload, uploaded again; ${s.again.reused} reused, ${s.again.indexed} indexed) | ${fmtMs(s.again.ms)} | | | | ${(againRatio * 100).toFixed(1)} % of the keyless first build | | ${ok(againRatio <= 0.1)} |`,
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
