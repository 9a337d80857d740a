// The CLI row: `promptloom pack` timed as a whole process (Node start-up, module loading,
// worker threads, writing the output file) beside the `repomix` CLI on the same folder, with
// the same settings: XML, cl100k_base, output to a file, the secret scan off on both, then on
// both. Wall-clock from this parent process; runs alternate between the two tools so that load
// from other processes falls on both alike. `node --import tsx bench/cli.ts` runs it alone.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Corpus } from './corpora';

const ROOT = join(import.meta.dirname, '..');
const PROMPTLOOM = join(ROOT, 'packages/cli/bin/promptloom.js');
const REPOMIX = join(ROOT, 'node_modules/repomix/bin/repomix.cjs');
const RUNS: Record<string, number> = { medium: 5, large: 3, synthetic: 3 };

export interface CliTimes {
  scan: 'off' | 'on';
  promptloom: number[];
  repomix: number[];
}

/** One whole run's wall time; a failed run (a crash, or killed under memory pressure) is retried once. */
function timed(args: string[], cwd: string, retry = true): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - started;
  if (run.status === 0) return ms;
  const why = run.signal
    ? `signal ${run.signal}`
    : `exit ${run.status}: ${run.stderr.slice(0, 500)}`;
  process.stderr.write(
    `${args.slice(0, 3).join(' ')} failed (${why})${retry ? ', retrying' : ''}\n`,
  );
  if (retry) return timed(args, cwd, false);
  throw new Error(`${args.join(' ')} failed (${why})`);
}

function commands(corpus: Corpus, scan: boolean): { promptloom: string[]; repomix: string[] } {
  const out = join(tmpdir(), `bench-cli-${process.pid}`);
  return {
    promptloom: [
      PROMPTLOOM,
      'pack',
      corpus.dir,
      '--format',
      'xml',
      '-o',
      `${out}-promptloom.xml`,
      ...(scan ? [] : ['--no-secret-scan']),
    ],
    repomix: [
      REPOMIX,
      '.',
      '--style',
      'xml',
      '--token-count-encoding',
      'cl100k_base',
      '-o',
      `${out}-repomix.xml`,
      '--quiet',
      ...(scan ? [] : ['--no-security-check']),
    ],
  };
}

export function measureCli(corpus: Corpus, scans: ('off' | 'on')[] = ['off', 'on']): CliTimes[] {
  const runs = RUNS[corpus.name] ?? 3;
  return scans.map((scan) => {
    const { promptloom, repomix } = commands(corpus, scan === 'on');
    const times: CliTimes = { scan, promptloom: [], repomix: [] };
    for (let i = 0; i < runs; i++) {
      times.promptloom.push(timed(promptloom, corpus.dir));
      times.repomix.push(timed(repomix, corpus.dir));
    }
    for (const file of [promptloom.at(-2), repomix.at(-4)]) rmSync(file!, { force: true });
    return times;
  });
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const range = (values: number[]) =>
  `${seconds(median(values))} (${seconds(Math.min(...values))}–${seconds(Math.max(...values))})`;

/** Table rows: corpus, row, Promptloom, Repomix, ratio, target met (large, scan off: ≤ 0.5). */
export function cliRows(corpus: Corpus, all: CliTimes[]): string[] {
  return all.map((times) => {
    const ratio = median(times.promptloom) / median(times.repomix);
    const target = corpus.name === 'large' ? (ratio <= 0.5 ? 'yes' : 'no') : '–';
    return `| ${corpus.name} | 9. CLI whole process, secret scan ${times.scan} on both | ${range(times.promptloom)} | ${range(times.repomix)} | ${ratio.toFixed(2)} | ${target} |`;
  });
}

export const CLI_HEADER = [
  '| corpus | row | `promptloom pack` median (min–max) | `repomix` median (min–max) | time ratio | target met |',
  '|---|---|---|---|---:|---|',
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ensureCorpora } = await import('./corpora');
  const only = process.argv[2];
  const lines = [...CLI_HEADER];
  for (const corpus of await ensureCorpora()) {
    if (only && corpus.name !== only) continue;
    process.stderr.write(`${corpus.name}: promptloom pack vs repomix (whole processes)...\n`);
    const rows = cliRows(corpus, measureCli(corpus));
    process.stderr.write(`${rows.join('\n')}\n`);
    lines.push(...rows);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
