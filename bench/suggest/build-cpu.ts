// Where the CPU goes while the suggestion index builds and while the page reads its floor
// (bench/suggest-index.ts with BENCH_CPU=1): every Chromium thread's CPU time from /proc
// (`chromium-cpu.ts`), the bench's own process and the whole machine's (/proc/stat), read at
// a phase's start and end, so that a phase's cores in use can be told apart by thread: the
// index worker, the page's main thread, the browser's IO thread, the GPU process and the rest.
import { readFileSync } from 'node:fs';
import { chromiumThreads, type Threads } from '../chromium-cpu';

interface Reading {
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
    at: performance.now(),
    threads: chromiumThreads(),
    node: (user + system) / 1000,
    busy: machineBusy(),
  };
}

export interface PhaseCpu {
  wallMs: number;
  /** Cores in use on average: Chromium's, by thread; the bench's; the machine's. */
  chromium: number;
  node: number;
  machine: number;
  /** Each thread by tid ("process/name #tid"), cores on average, largest first. */
  threads: { name: string; cores: number; ms: number }[];
}

export function phaseCpu(from: Reading, to: Reading): PhaseCpu {
  const wallMs = to.at - from.at;
  const threads: { name: string; cores: number; ms: number }[] = [];
  let chromium = 0;
  for (const [tid, { key, ms }] of to.threads) {
    const spent = ms - (from.threads.get(tid)?.ms ?? 0);
    chromium += spent;
    if (spent > 0) threads.push({ name: `${key} #${tid}`, cores: spent / wallMs, ms: spent });
  }
  return {
    wallMs,
    chromium: chromium / wallMs,
    node: (to.node - from.node) / wallMs,
    machine: (to.busy - from.busy) / wallMs,
    threads: threads.sort((a, b) => b.cores - a.cores),
  };
}

/** A phase's lines: its cores in use, then its busiest threads (over 2 % of a core). */
export function formatPhaseCpu(label: string, cpu: PhaseCpu): string[] {
  const c = (cores: number) => cores.toFixed(2);
  return [
    `  CPU, ${label} (${Math.round(cpu.wallMs)} ms): Chromium ${c(cpu.chromium)} cores (${Math.round(cpu.chromium * cpu.wallMs)} ms), the bench ${c(cpu.node)}, the machine ${c(cpu.machine)} (others ${c(cpu.machine - cpu.chromium - cpu.node)})`,
    ...cpu.threads
      .filter((t) => t.cores >= 0.02)
      .slice(0, 12)
      .map((t) => `    ${c(t.cores)} (${Math.round(t.ms)} ms)  ${t.name}`),
  ];
}
