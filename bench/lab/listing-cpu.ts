// Where a folder connect's CPU goes, by Chromium process and thread, for web builds side by
// side (decision 082; bench/README.md, row 8, says what it runs and prints):
// `BENCH_AB=before=/dist/a,after=/dist/b node --import tsx bench/lab/listing-cpu.ts [pairs]`.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { buildWeb, signIn, startServer, WEB_DIST } from '../browser-app';
import { chromiumThreads, type Cpu, cpuBetween, settle } from '../chromium-cpu';
import { ensureCorpora } from '../corpora';
import { BARE_WALK, FORGET_FOLDER, listingInitScript, writeCorpus } from '../listing-page-scripts';

/**
 * Starts the CPU profiler in the page's folder-listing worker (started with the page, before
 * the click) through a browser-level CDP session; the returned function stops it.
 */
async function profileWorker(page: Page): Promise<() => Promise<unknown>> {
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const target = targetInfos.find((t) => t.type === 'worker' && t.url.includes('folder-listing'));
  if (!target) throw new Error('No folder-listing worker');
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  let next = 1;
  const answers = new Map<number, (result: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const { id, result } = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (id !== undefined) answers.get(id)?.(result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = next++;
      answers.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 500 });
  await send('Profiler.start');
  return async () => {
    const { profile } = (await send('Profiler.stop')) as { profile: unknown };
    await cdp.detach();
    return profile;
  };
}

interface Turn {
  build: string;
  bareMs: number;
  completeMs: number;
  firstRowsMs: number;
  load: number;
  /** CPU of one bare walk (the mean of three) and of the connect, per thread. */
  bareCpu: Cpu;
  connectCpu: Cpu;
}

async function turn(page: Page, build: string, n: number): Promise<Turn> {
  const load = loadavg()[0]!;
  await page.reload();
  await page.getByRole('button', { name: 'Select a project folder' }).waitFor();
  const walk = () => page.evaluate<{ ms: number }>(`(${BARE_WALK})('listing-corpus')`);
  await walk();
  const walks: number[] = [];
  const bareCpu: Cpu = new Map();
  // Each from a collected heap with Chromium quiet, as the listing row times them.
  for (let i = 0; i < 3; i++) {
    await settle(page);
    const before = chromiumThreads();
    walks.push((await walk()).ms);
    for (const [key, ms] of cpuBetween(before, chromiumThreads()))
      bareCpu.set(key, (bareCpu.get(key) ?? 0) + ms / 3);
  }
  await settle(page);
  const profiler = process.env.BENCH_PROFILE_OUT ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
    await profiler.send('Profiler.start');
  }
  const worker = process.env.BENCH_PROFILE_OUT ? await profileWorker(page) : null;
  const start = chromiumThreads();
  await page.getByRole('button', { name: 'Select a project folder' }).click();
  // Resolves in the frame that painted the complete tree (the init script), one round trip.
  await page.evaluate(() => (window as unknown as { __done: Promise<void> }).__done);
  const connectCpu = cpuBetween(start, chromiumThreads());
  if (profiler) {
    const { profile } = (await profiler.send('Profiler.stop')) as { profile: unknown };
    await writeFile(
      `${process.env.BENCH_PROFILE_OUT}-${build}-${n}.cpuprofile`,
      JSON.stringify(profile),
    );
    await profiler.detach();
    await writeFile(
      `${process.env.BENCH_PROFILE_OUT}-${build}-${n}-worker.cpuprofile`,
      JSON.stringify(await worker!()),
    );
  }
  const marks = await page.evaluate(
    () => (window as unknown as { __marks: { firstRows: number; complete: number } }).__marks,
  );
  // The metadata stage would go on beside the other build's turn: reload it away.
  await page.evaluate(FORGET_FOLDER);
  await page.reload();
  await page.getByRole('button', { name: 'Select a project folder' }).waitFor();
  return {
    build,
    bareMs: walks.sort((a, b) => a - b)[1]!,
    completeMs: marks.complete,
    firstRowsMs: marks.firstRows,
    load,
    bareCpu,
    connectCpu,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const sum = (cpu: Cpu) => [...cpu.values()].reduce((a, b) => a + b, 0);

function report(turns: Turn[], builds: string[]): string[] {
  const lines: string[] = [];
  const keys = new Set<string>();
  for (const t of turns) for (const [k, ms] of t.connectCpu) if (ms > 5) keys.add(k);
  const header = builds.flatMap((b) => [`${b} bare`, `${b} connect`]);
  lines.push(`| thread (CPU ms, medians) | ${header.join(' | ')} |`);
  lines.push(`| --- | ${header.map(() => '---:').join(' | ')} |`);
  const row = (name: string, of: (cpu: Cpu) => number) =>
    `| ${name} | ${builds
      .flatMap((b) => {
        const mine = turns.filter((t) => t.build === b);
        return [median(mine.map((t) => of(t.bareCpu))), median(mine.map((t) => of(t.connectCpu)))];
      })
      .map((ms) => Math.round(ms))
      .join(' | ')} |`;
  for (const key of [...keys].sort()) lines.push(row(key, (cpu) => cpu.get(key) ?? 0));
  lines.push(row('**all**', sum));
  lines.push('');
  for (const b of builds) {
    const mine = turns.filter((t) => t.build === b);
    lines.push(
      `${b}: bare ${Math.round(median(mine.map((t) => t.bareMs)))} ms, first rows ${Math.round(median(mine.map((t) => t.firstRowsMs)))} ms, complete ${Math.round(median(mine.map((t) => t.completeMs)))} ms, ratio ${median(mine.map((t) => t.completeMs / t.bareMs)).toFixed(2)} (each: ${mine.map((t) => (t.completeMs / t.bareMs).toFixed(2)).join(', ')}), load ${Math.min(...mine.map((t) => t.load)).toFixed(1)}–${Math.max(...mine.map((t) => t.load)).toFixed(1)}`,
    );
  }
  return lines;
}

const pairs = Number(process.argv[2] ?? 4);
const builds = (process.env.BENCH_AB ?? '')
  .split(',')
  .filter(Boolean)
  .map((spec) => spec.split('=') as [string, string]);
if (builds.length === 0) {
  await buildWeb();
  builds.push(['this', WEB_DIST]);
}
const corpora = await ensureCorpora();
const dirs = [
  { dir: corpora.find((c) => c.name === 'large')!.dir, under: '' },
  { dir: corpora.find((c) => c.name === 'medium')!.dir, under: 'medium' },
];
const servers = await Promise.all(builds.map(([, dist]) => startServer(dist)));
const browser = await launchBrowser();
const busy =
  process.env.BENCH_BUSY === '1'
    ? Array.from({ length: availableParallelism() }, () =>
        spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
      )
    : [];
try {
  const pages: Page[] = [];
  for (const [i, server] of servers.entries()) {
    const name = builds[i]![0];
    // A context each (as row 8's page): the servers' session cookies share one host.
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript(listingInitScript('listing-corpus'));
    // BENCH_AB_NO_OBSERVER=name: that build's page runs without FileSystemObserver (the
    // observer's own cost; refreshes then list the whole folder, decision 036).
    if (process.env.BENCH_AB_NO_OBSERVER === name)
      await page.addInitScript('delete window.FileSystemObserver');
    await signIn(page, server.url);
    await writeCorpus(page, 'listing-corpus', dirs);
    pages.push(page);
  }
  const turns: Turn[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    // A B, then B A: each build meets the other's leftovers equally often.
    const order = pair % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
    for (const i of order) {
      const t = await turn(pages[i]!, builds[i]![0], pair);
      turns.push(t);
      // Each turn's threads too: a connect, or a bare walk, now and then costs seconds more.
      const top = (cpu: Cpu) =>
        [...cpu]
          .filter(([, ms]) => ms >= 100)
          .sort((a, b) => b[1] - a[1])
          .map(([key, ms]) => `${key} ${Math.round(ms)}`)
          .join(', ');
      console.error(
        `${t.build} #${pair}: bare ${Math.round(t.bareMs)} ms (${Math.round(sum(t.bareCpu))} ms CPU: ${top(t.bareCpu)}), complete ${Math.round(t.completeMs)} ms (${Math.round(sum(t.connectCpu))} ms CPU: ${top(t.connectCpu)}), load ${t.load.toFixed(1)}`,
      );
    }
  }
  console.log(
    report(
      turns,
      builds.map(([name]) => name),
    ).join('\n'),
  );
} finally {
  busy.forEach((child) => child.kill('SIGKILL'));
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
}
