// A/B of the Node apply row as the bench takes it: `bench/apply.ts run` (a fresh process,
// parse + plan timed) in two checkouts, alternated run by run so load shifts hit both alike.
// `node --import tsx bench/lab/apply-row-ab.ts OLD_CHECKOUT [pairs]` (OLD_CHECKOUT: the
// repository at the base commit, e.g. from git archive, with node_modules linked to this one's).
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

interface Row {
  planMs: number;
  planCpuMs: number;
}

const old = resolve(process.argv[2]!);
const now = resolve(import.meta.dirname, '../..');
const pairs = Number(process.argv[3] ?? 10);
const runs: Record<'old' | 'new', Row[]> = { old: [], new: [] };
const loads: number[] = [];
for (let k = 0; k < pairs; k++) {
  const order: ['old' | 'new', string][] = [
    ['old', old],
    ['new', now],
  ];
  if (k % 2) order.reverse();
  for (const [name, dir] of order) {
    loads.push(loadavg()[0]!);
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/apply.ts', 'run'], {
      cwd: dir,
      encoding: 'utf8',
    });
    runs[name].push(JSON.parse(out.trim().split('\n').at(-1)!) as Row);
  }
}
const med = (v: number[]) => Math.round([...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!);
for (const name of ['old', 'new'] as const) {
  const wall = runs[name].map((r) => r.planMs);
  const cpu = runs[name].map((r) => r.planCpuMs);
  console.log(
    `${name}: parse + plan median ${med(wall)} ms, fastest ${Math.round(Math.min(...wall))} ms [${wall.map(Math.round).join(', ')}]; CPU median ${med(cpu)} ms`,
  );
}
const ratio = (key: keyof Row) => med(runs.new.map((r, k) => (100 * r[key]) / runs.old[k]![key]));
console.log(
  `new/old, median of the pairs' ratios: wall ${ratio('planMs')}%, CPU ${ratio('planCpuMs')}%; load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
);
