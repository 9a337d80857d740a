// Pools the keys of bench/apply-browser.ts runs (`BENCH_KEYS_OUT=<file>`) by build, for an A/B:
// `node --import tsx bench/lab/apply-keys-pool.ts A:a1.json,a2.json B:b1.json,b2.json`.
// One line a run, then one a build: key → next paint (Event Timing, 8 ms steps) p50 / p90 /
// p95 / p99 / max and the shares at 32 and 48 ms or more; the keys' own latency (input delay
// and keydown handlers, from Event Timing; key → input handled); the review's keys; the keys
// after the review shows; the reads' median.
import { readFileSync } from 'node:fs';

interface Run {
  toPaint: number[];
  toPaintLate: number[];
  toPaintAfter: number[];
  processed?: number[];
  handled?: number[];
  processedAfter?: number[];
  afterAt?: number[];
  reads: number[];
  load: number;
}

const at = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
};
const share = (values: number[], min: number) =>
  `${Math.round((100 * values.filter((v) => v >= min).length) / Math.max(1, values.length))} %`;

function line(name: string, runs: Run[]): string {
  const all = (pick: (run: Run) => number[] | undefined) => runs.flatMap((run) => pick(run) ?? []);
  const paint = all((r) => r.toPaint);
  const after = all((r) => r.toPaintAfter);
  const late = all((r) => r.toPaintLate);
  const processed = all((r) => r.processed);
  const handled = all((r) => r.handled);
  const processedAfter = all((r) => r.processedAfter);
  // The keys after the review by when they were pressed: its first 150 ms, then the rest.
  const afterAt = all((r) => (r.afterAt?.length === r.toPaintAfter.length ? r.afterAt : []));
  const timed = afterAt.length === after.length && after.length > 0;
  const early = timed ? after.filter((_, k) => afterAt[k]! < 150) : [];
  const late150 = timed ? after.filter((_, k) => afterAt[k]! >= 150) : [];
  return [
    name,
    `${[0.5, 0.9, 0.95, 0.99, 1].map((q) => at(paint, q)).join(' / ')} ms (${paint.length})`,
    share(paint, 32),
    share(paint, 48),
    `own ${at(processed, 0.5)} / ${at(processed, 0.95)}, handled p95 ${at(handled, 0.95)}`,
    `review's ${at(late, 0.5)} / ${at(late, 0.95)} (${late.length})`,
    `after ${at(after, 0.5)} / ${at(after, 0.95)}, ${share(after, 32)} (${after.length}), own p95 ${at(processedAfter, 0.95)}`,
    ...(timed
      ? [
          `after < 150 ms ${at(early, 0.95)}, ${share(early, 32)} (${early.length}); later ${at(late150, 0.95)}, ${share(late150, 32)} (${late150.length})`,
        ]
      : []),
    `reads ${at(
      all((r) => r.reads),
      0.5,
    )} ms`,
  ].join(' | ');
}

for (const arg of process.argv.slice(2)) {
  const [build, list] = arg.split(':');
  const runs = list!.split(',').map((file) => ({
    file,
    run: JSON.parse(readFileSync(file, 'utf8')) as Run,
  }));
  for (const { file, run } of runs)
    console.log(line(`${file} (load ${run.load.toFixed(2)})`, [run]));
  console.log(
    line(
      `${build} pooled`,
      runs.map((r) => r.run),
    ),
  );
}
