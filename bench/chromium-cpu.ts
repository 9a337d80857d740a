// Chromium's CPU per process and thread, read from /proc (Linux): where a connect's CPU goes
// (lab/listing-cpu.ts), when the browser has gone quiet (settle), and where the suggestion
// index's build spends it (suggest/build-cpu.ts).
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export type Cpu = Map<string, number>;

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** The process and its descendants (Chromium's renderers, GPU and utility processes). */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(Number(name), ppid);
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  return [...parents.keys()].filter(inTree);
}

/**
 * Each Chromium thread of this process's browsers: its "process type/thread name", CPU ms and
 * ms it waited, ready to run, for a core (/proc's schedstat).
 */
export type Threads = Map<string, { key: string; ms: number; waitMs: number }>;

export function chromiumThreads(): Threads {
  const threads: Threads = new Map();
  for (const pid of processTree(process.pid)) {
    const cmdline = read(`/proc/${pid}/cmdline`);
    if (!/chrom/i.test(cmdline.split('\0')[0]!)) continue;
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      const [run, wait] = read(`/proc/${pid}/task/${tid}/schedstat`).split(' ').map(Number);
      const comm = read(`/proc/${pid}/task/${tid}/comm`).trim().replace(/\d+$/, '');
      if (Number.isFinite(run) && Number.isFinite(wait))
        threads.set(tid, { key: `${type}/${comm}`, ms: run! / 1e6, waitMs: wait! / 1e6 });
    }
  }
  return threads;
}

/**
 * CPU ms per "process type/thread name" between two readings, threads of the same name summed;
 * threads started in between apart ("(new)": e.g. workers the connect starts, which share
 * the folder-listing worker's name).
 */
export function cpuBetween(before: Threads, after: Threads): Cpu {
  const cpu: Cpu = new Map();
  for (const [tid, { key, ms }] of after) {
    const was = before.get(tid);
    const name = was ? key : `${key} (new)`;
    cpu.set(name, (cpu.get(name) ?? 0) + ms - (was?.ms ?? 0));
  }
  return cpu;
}

const SETTLE_POLL_MS = 200;
/** Chromium counts as quiet below this much CPU per poll (10 % of one core). */
const SETTLE_QUIET_MS = 20;
const SETTLE_MAX_MS = 15_000;

/**
 * Collects the page's garbage and waits until Chromium's threads have gone quiet (two polls
 * in a row under SETTLE_QUIET_MS of CPU), so that a timed walk starts from a collected heap
 * with nothing left over from the one before. A walk leaves ~25,000 handles behind; each one
 * collected closes its channel to the browser process, and that teardown (seconds of CPU on
 * the browser's main and IO threads) landed inside whichever walk ran next (decision 085).
 */
export async function settle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
  } finally {
    await cdp.detach();
  }
  const total = () => [...chromiumThreads().values()].reduce((sum, t) => sum + t.ms, 0);
  let quiet = 0;
  for (let waited = 0; quiet < 2 && waited < SETTLE_MAX_MS; waited += SETTLE_POLL_MS) {
    const before = total();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    quiet = total() - before < SETTLE_QUIET_MS ? quiet + 1 : 0;
  }
}
