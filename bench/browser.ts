// Row 5: the browser path. Drives the built app (browser-app.ts) in headless Chromium through
// the folder-upload path with a corpus: connect, select all, count, type while counting.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, buildWeb, startServer } from './browser-app';
import {
  type KeystrokeFigures,
  type KeystrokeSamples,
  keystrokeFigures,
  typeIntoEmptyPage,
} from './keystrokes';
import { type WarmSelectAll, visit, warmSpread } from './select-all-visit';
import { type Spread, spread } from './spread';

/** Typing visits (and their controls): rows give their median, min and max. */
export const BROWSER_RUNS = 3;
/**
 * Quiet visits (select all, cold and warm, and its floor): the cold figure's ratio to its
 * floor moves by ±0.1 from visit to visit on a shared machine (decision 089), so five.
 */
export const SELECT_ALL_RUNS = 5;
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
