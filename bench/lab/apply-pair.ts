// Paired Node A/B of parse + plan on the bench answer: a fresh process per sample, old and
// new alternated, so load shifts hit both alike. `node --import tsx bench/lab/apply-pair.ts
// OLD_APPLY_DIR [pairs]` (OLD_APPLY_DIR: a copy of packages/core/src/apply, e.g. from git archive).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type * as Apply from '../../packages/core/src/apply/index';
import { applyBenchAnswer } from '../apply-answer';

type Core = typeof Apply;
interface Sample {
  parse: number;
  plan: number;
  cpu: number;
  /** CPU of the main thread alone (Linux): what a quiet machine's wall time follows. */
  main: number;
}

/**
 * The main thread's CPU time in ms (its schedstat), or NaN off Linux. The process's CPU adds
 * the compiler's and the collector's helper threads, which spin and wait more on a loaded
 * machine than the work they do.
 */
function mainThreadMs(): number {
  const stat = `/proc/self/task/${process.pid}/schedstat`;
  return existsSync(stat) ? Number(readFileSync(stat, 'utf8').split(' ')[0]) / 1e6 : NaN;
}

async function sample(dir: string): Promise<Sample> {
  const core = (await import(resolve(dir, 'index.ts'))) as Core;
  const { files, answer } = applyBenchAnswer();
  const t0 = performance.now();
  const parsed = core.parseAnswer(answer);
  const t1 = performance.now();
  const texts = new Map(core.touchedPaths(parsed).map((p) => [p, { text: files.get(p)! }]));
  const t2 = performance.now();
  const cpu = process.cpuUsage();
  const main = mainThreadMs();
  const plan = core.planApply(parsed, texts);
  const mainUsed = mainThreadMs() - main;
  const used = process.cpuUsage(cpu);
  const t3 = performance.now();
  if (plan.files.filter((f) => f.status === 'modified').length !== 100)
    throw new Error('not clean');
  return { parse: t1 - t0, plan: t3 - t2, cpu: (used.user + used.system) / 1000, main: mainUsed };
}

if (process.argv[2] === 'sample') console.log(JSON.stringify(await sample(process.argv[3]!)));
else {
  const old = resolve(process.argv[2]!);
  const now = resolve(import.meta.dirname, '../../packages/core/src/apply');
  const pairs = Number(process.argv[3] ?? 7);
  const runs: Record<'old' | 'new', Sample[]> = {
    old: [],
    new: [],
  };
  const loads: number[] = [];
  for (let k = 0; k < pairs; k++) {
    for (const [name, dir] of (k % 2
      ? [
          ['new', now],
          ['old', old],
        ]
      : [
          ['old', old],
          ['new', now],
        ]) as ['old' | 'new', string][]) {
      loads.push(loadavg()[0]!);
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', import.meta.filename, 'sample', dir],
        { encoding: 'utf8' },
      );
      runs[name].push(JSON.parse(out.trim().split('\n').at(-1)!) as Sample);
    }
  }
  const med = (v: number[]) => Math.round([...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!);
  for (const name of ['old', 'new'] as const) {
    const plan = runs[name].map((r) => r.plan);
    const parse = runs[name].map((r) => r.parse);
    const cpu = runs[name].map((r) => r.cpu);
    const main = runs[name].map((r) => r.main);
    console.log(
      `${name}: plan median ${med(plan)} ms [${plan.map(Math.round).join(', ')}]; CPU median ${med(cpu)} ms [${cpu.map(Math.round).join(', ')}]; main thread ${med(main)} ms [${main.map(Math.round).join(', ')}]; parse median ${med(parse)} ms`,
    );
  }
  const ratios = runs.new.map((r, k) => r.plan / runs.old[k]!.plan);
  const cpuRatios = runs.new.map((r, k) => r.cpu / runs.old[k]!.cpu);
  const mainRatios = runs.new.map((r, k) => r.main / runs.old[k]!.main);
  console.log(
    `new/old plan ratio, median of pairs: ${med(ratios.map((r) => r * 100))}% (CPU ${med(cpuRatios.map((r) => r * 100))}%, main thread ${med(mainRatios.map((r) => r * 100))}%); load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  );
}
