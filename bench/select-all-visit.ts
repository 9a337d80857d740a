// One visit of row 5: the built app in headless Chromium, the corpus uploaded, select all
// counted (optionally while typing), then its floor and its warm rows.
import { readFile, readdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { signIn, takeUploadPathKeepingFiles } from './browser-app';
import { type CpuProfile, profiled, topFunctions } from './cpu-profile';
import { measureFloor, tokenizerWorkerPath } from './count-floor';
import { readKeystrokes, typeInto } from './keystrokes';
import { type Spread, spread } from './spread';
import {
  clickTimed,
  instrument,
  timeCount,
  waitForNewCount,
  waitForStableCount,
} from './token-bar';

/** Select all again, warm: in the same page (memory) and after a reload (IndexedDB). */
export interface WarmSelectAll {
  reselectMs: Spread;
  reloadMs: Spread;
  tokens: number;
}

/** The warm figures of the visits that took them (`visit(..., warm)`). */
export function warmSpread(
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

/** One visit: connect the folder, add the project blocks, select all; optionally type. */
export async function visit(
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
