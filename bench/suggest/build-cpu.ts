// Where the CPU goes while the suggestion index builds and while the page reads its floor
// (bench/suggest-index.ts with BENCH_CPU=1): every Chromium thread's CPU time from /proc
// (`chromium-cpu.ts`), the bench's own process and the whole machine's (/proc/stat), read at
// a phase's start and end, so that a phase's cores in use can be told apart by thread: the
// index worker, the page's main thread, the browser's IO thread, the GPU process and the rest.
import { readFileSync } from 'node:fs';
import { chromiumThreads, type Threads } from '../chromium-cpu';

interface Reading {
  /** Wall clock, ms since the epoch (a page's timeOrigin + its now()). */
  at: number;
  threads: Threads;
  /** This process's CPU (playwright's client), ms. */
  node: number;
  /** The machine's busy and total CPU time over every core, ms (/proc/stat's first line). */
  busy: number;
}

const TICK_MS = 10;

function machineBusy(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * TICK_MS;
}

export function readCpu(): Reading {
  const { user, system } = process.cpuUsage();
  return {
    at: Date.now(),
    threads: chromiumThreads(),
    node: (user + system) / 1000,
    busy: machineBusy(),
  };
}

export interface PhaseCpu {
  wallMs: number;
  /** Cores in use on average: Chromium's, by thread; the bench's; the machine's. */
  chromium: number;
  /**
   * Cores Chromium's threads were running or ready to run (waiting for a core), on average:
   * what it would have used with the machine to itself, were its threads not waiting on
   * each other.
   */
  wanted: number;
  node: number;
  machine: number;
  /** Each thread by tid ("process/name #tid"), cores on average, largest first. */
  threads: { name: string; cores: number; ms: number; waitMs: number }[];
}

export function phaseCpu(from: Reading, to: Reading): PhaseCpu {
  const wallMs = to.at - from.at;
  const threads: { name: string; cores: number; ms: number; waitMs: number }[] = [];
  let chromium = 0;
  let waited = 0;
  for (const [tid, { key, ms, waitMs }] of to.threads) {
    const spent = ms - (from.threads.get(tid)?.ms ?? 0);
    chromium += spent;
    const wait = waitMs - (from.threads.get(tid)?.waitMs ?? 0);
    waited += wait;
    if (spent > 0)
      threads.push({ name: `${key} #${tid}`, cores: spent / wallMs, ms: spent, waitMs: wait });
  }
  return {
    wallMs,
    chromium: chromium / wallMs,
    wanted: (chromium + waited) / wallMs,
    node: (to.node - from.node) / wallMs,
    machine: (to.busy - from.busy) / wallMs,
    threads: threads.sort((a, b) => b.cores - a.cores),
  };
}

/** A phase's lines: its cores in use, then its busiest threads (over 2 % of a core). */
export function formatPhaseCpu(label: string, cpu: PhaseCpu): string[] {
  const c = (cores: number) => cores.toFixed(2);
  const byName = new Map<string, number>();
  for (const t of cpu.threads) {
    const name = t.name.replace(/ #\d+$/, '');
    byName.set(name, (byName.get(name) ?? 0) + t.ms);
  }
  const sums = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`);
  return [
    `  CPU, ${label} (${Math.round(cpu.wallMs)} ms): Chromium ${c(cpu.chromium)} cores (${Math.round(cpu.chromium * cpu.wallMs)} ms; running or ready ${c(cpu.wanted)}), the bench ${c(cpu.node)}, the machine ${c(cpu.machine)} (others ${c(cpu.machine - cpu.chromium - cpu.node)})`,
    ...cpu.threads
      .filter((t) => t.cores >= 0.02)
      .slice(0, 12)
      .map(
        (t) =>
          `    ${c(t.cores)} (${Math.round(t.ms)} ms, ready ${Math.round(t.waitMs)} ms)  ${t.name}`,
      ),
    `    by thread name, ms: ${sums.join(', ')}`,
  ];
}

/** Readings every `everyMs` until stopped; `between` gives a span's from the nearest two. */
export function sampleCpu(everyMs: number) {
  const readings = [readCpu()];
  const timer = setInterval(() => readings.push(readCpu()), everyMs);
  const nearest = (at: number) =>
    readings.reduce((best, r) => (Math.abs(r.at - at) < Math.abs(best.at - at) ? r : best));
  return {
    stop: () => clearInterval(timer),
    between: (from: number, to: number) => {
      const first = nearest(from);
      const last = nearest(to);
      return readings.filter((r) => r.at >= first.at && r.at <= last.at);
    },
  };
}
