// The CLI rows: `promptloom pack` timed as a whole process (Node start-up, module loading,
// worker threads, writing the output file) beside the `repomix` CLI on the same folder, with
// the same settings: XML, cl100k_base, output to a file; the secret scan off on both, then on
// both. Two Repomix releases: the pinned 1.14.0 (`repomix`) and the current 1.18.1
// (`repomix-current`, which keeps per-file token counts in $TMPDIR/repomix between runs); every
// ratio is to the faster of the two. Cold = each tool's cache folder fresh on every run
// (Promptloom's PROMPTLOOM_CACHE_DIR, Repomix's TMPDIR); warm = caches kept after one warm-up
// run. Repomix 1.14 keeps nothing between runs: its cold runs stand for warm ones too.
// On a repository corpus (`repos.ts`) Repomix gets Promptloom's file size cap through a config
// file outside the corpus, so that neither tool packs files the other leaves out for size.
// Wall-clock from this parent process; runs alternate between the tools so that load from
// other processes falls on all alike. `node --import tsx bench/cli.ts [corpus]` runs it alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';
import type { Corpus } from './corpora';

const ROOT = join(import.meta.dirname, '..');
// BENCH_PROMPTLOOM: another build's bin (a copy of packages/cli/{bin,dist} made before a change),
// to compare builds under the same load.
const PROMPTLOOM = process.env.BENCH_PROMPTLOOM ?? join(ROOT, 'packages/cli/bin/promptloom.js');
/** A Repomix release's CLI, found as Node finds the bench workspace's dependencies. */
const repomixBin = (name: string) =>
  join(dirname(createRequire(import.meta.url).resolve(name)), '../bin/repomix.cjs');
const REPOMIX = repomixBin('repomix');
const REPOMIX_CURRENT = repomixBin('repomix-current');
const RUNS: Record<string, number> = { medium: 5, large: 3, synthetic: 3, vite: 3, babel: 3 };

const TOOLS = ['promptloom', 'repomix', 'repomixCurrent'] as const;
type Tool = (typeof TOOLS)[number];

export interface CliTimes {
  scan: 'off' | 'on';
  cache: 'cold' | 'warm';
  promptloom: number[];
  /** Repomix 1.14.0 (no cache: the same runs in both rows). */
  repomix: number[];
  /** Repomix 1.18.1. */
  repomixCurrent: number[];
  /** 1-minute load average before and after the rows' runs. */
  load: [number, number];
  /** The paths each tool's output holds after the rows' runs (1.14: its cold runs'). */
  files: Record<Tool, string[]>;
}

/** One whole run's wall time; a failed run (a crash, or killed under memory pressure) is retried once. */
function timed(args: string[], cwd: string, env: NodeJS.ProcessEnv, retry = true): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - started;
  if (run.status === 0) return ms;
  const why = run.signal
    ? `signal ${run.signal}`
    : `exit ${run.status}: ${run.stderr.slice(0, 500)}`;
  process.stderr.write(
    `${args.slice(0, 3).join(' ')} failed (${why})${retry ? ', retrying' : ''}\n`,
  );
  if (retry) return timed(args, cwd, env, false);
  throw new Error(`${args.join(' ')} failed (${why})`);
}

/** Each tool's cache folder: Promptloom's own, Repomix's under its TMPDIR. */
function cacheEnv(tool: Tool, dir: string): NodeJS.ProcessEnv {
  return tool === 'promptloom'
    ? { PROMPTLOOM_CACHE_DIR: join(dir, 'promptloom') }
    : { TMPDIR: dir };
}

/** Where the outputs go (one per tool), beside Repomix's config for repository corpora. */
const OUT = join(tmpdir(), `bench-cli-${process.pid}`);
const SIZE_CAP_CONFIG = `${OUT}-repomix.config.json`;

function commands(corpus: Corpus, scan: boolean): Record<Tool, string[]> {
  // Promptloom's size cap (Repomix's default: 50 MB).
  const config = corpus.commit ? ['--config', SIZE_CAP_CONFIG] : [];
  const cap = { input: { maxFileSize: FILE_SIZE_LIMIT_BYTES } };
  if (corpus.commit) writeFileSync(SIZE_CAP_CONFIG, JSON.stringify(cap));
  const repomix = (bin: string, name: string) => [
    bin,
    '.',
    '--style',
    'xml',
    '--token-count-encoding',
    'cl100k_base',
    '-o',
    `${OUT}-${name}.xml`,
    '--quiet',
    ...config,
    ...(scan ? [] : ['--no-security-check']),
  ];
  return {
    promptloom: [
      PROMPTLOOM,
      'pack',
      corpus.dir,
      '--format',
      'xml',
      '-o',
      `${OUT}-promptloom.xml`,
      ...(scan ? [] : ['--no-secret-scan']),
    ],
    repomix: repomix(REPOMIX, 'repomix'),
    repomixCurrent: repomix(REPOMIX_CURRENT, 'repomix-current'),
  };
}

/** The output file a command writes (after -o). */
const outputOf = (args: string[]) => args[args.indexOf('-o') + 1]!;

/** The paths of the files an XML output holds (both tools write `<file path="…">` lines). */
function packedFiles(output: string): string[] {
  if (!existsSync(output)) return [];
  const text = readFileSync(output, 'utf8');
  return [...text.matchAll(/^<file path="([^"]+)">$/gm)].map((match) => match[1]!);
}

export function measureCli(
  corpus: Corpus,
  scans: ('off' | 'on')[] = ['off', 'on'],
  caches: ('cold' | 'warm')[] = ['cold', 'warm'],
): CliTimes[] {
  const runs = RUNS[corpus.name] ?? 3;
  const all: CliTimes[] = [];
  for (const scan of scans) {
    const argv = commands(corpus, scan === 'on');
    let pinned: number[] = [];
    for (const cache of caches) {
      const load: [number, number] = [loadavg()[0]!, 0];
      const times: CliTimes = {
        scan,
        cache,
        promptloom: [],
        repomix: [],
        repomixCurrent: [],
        load,
        files: { promptloom: [], repomix: [], repomixCurrent: [] },
      };
      // Warm: one folder per tool kept across the runs, filled by one run first.
      const kept = cache === 'warm' ? mkdtempSync(join(tmpdir(), 'bench-cli-warm-')) : null;
      const tools: Tool[] =
        cache === 'warm'
          ? ['promptloom', 'repomixCurrent']
          : ['promptloom', 'repomix', 'repomixCurrent'];
      if (kept) for (const tool of tools) timed(argv[tool], corpus.dir, cacheEnv(tool, kept));
      for (let i = 0; i < runs; i++) {
        for (const tool of tools) {
          const dir = kept ?? mkdtempSync(join(tmpdir(), 'bench-cli-cold-'));
          times[tool].push(timed(argv[tool], corpus.dir, cacheEnv(tool, dir)));
          if (!kept) rmSync(dir, { recursive: true, force: true });
        }
      }
      if (kept) rmSync(kept, { recursive: true, force: true });
      if (cache === 'cold') pinned = times.repomix;
      else times.repomix = pinned;
      times.load[1] = loadavg()[0]!;
      for (const tool of TOOLS) times.files[tool] = packedFiles(outputOf(argv[tool]));
      all.push(times);
    }
    for (const tool of TOOLS) rmSync(outputOf(argv[tool]), { force: true });
    rmSync(SIZE_CAP_CONFIG, { force: true });
  }
  return all;
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const range = (values: number[]) =>
  `${seconds(median(values))} (${seconds(Math.min(...values))}–${seconds(Math.max(...values))})`;

/**
 * Table rows: corpus, row, Promptloom, Repomix 1.14, Repomix 1.18.1, ratio to the faster
 * Repomix, target met (scan on: ≤ 0.5, scan off: ≤ 0.3, on every corpus, cold and warm).
 */
export function cliRows(corpus: Corpus, all: CliTimes[]): string[] {
  const name = corpus.commit ? `${corpus.name} @ ${corpus.commit.slice(0, 12)}` : corpus.name;
  return all.map((times) => {
    const pinned = times.repomix.length > 0 ? median(times.repomix) : Infinity;
    const faster = Math.min(pinned, median(times.repomixCurrent));
    const ratio = median(times.promptloom) / faster;
    const target = times.scan === 'on' ? 0.5 : 0.3;
    const pinnedText =
      times.repomix.length === 0
        ? ''
        : `${range(times.repomix)}${times.cache === 'warm' ? ' (no cache: its cold runs)' : ''}`;
    const load = `load ${times.load[0].toFixed(1)}–${times.load[1].toFixed(1)}`;
    const files = `files ${TOOLS.map((tool) => times.files[tool].length).join(' / ')}`;
    return `| ${name} | 9. CLI whole process, secret scan ${times.scan} on both, ${times.cache} (${load}; ${files}) | ${range(times.promptloom)} | ${pinnedText} | ${range(times.repomixCurrent)} | ${ratio.toFixed(2)} | ${ratio <= target ? 'yes' : 'no'} |`;
  });
}

/** Lines naming the files one tool packed and the other not (scan off, cold), a few of each. */
export function fileDifferences(corpus: Corpus, all: CliTimes[]): string[] {
  const row = all.find((times) => times.cache === 'cold') ?? all[0];
  if (!row) return [];
  const ours = new Set(row.files.promptloom);
  const theirs = new Set(row.files.repomixCurrent);
  const only = (from: string[], other: Set<string>) => from.filter((path) => !other.has(path));
  const sides: [string, string[]][] = [
    ['only in promptloom', only(row.files.promptloom, theirs)],
    ['only in repomix 1.18.1', only(row.files.repomixCurrent, ours)],
  ];
  return sides.map(
    ([side, paths]) =>
      `${corpus.name}, scan ${row.scan}: ${paths.length} ${side}${paths.length ? `: ${paths.slice(0, 8).join(', ')}${paths.length > 8 ? ', …' : ''}` : ''}`,
  );
}

export const CLI_HEADER = [
  '| corpus | row (files packed: promptloom / 1.14 / 1.18.1) | `promptloom pack` median (min–max) | `repomix` 1.14.0 | `repomix` 1.18.1 | time ratio to the faster Repomix | target met |',
  '|---|---|---|---|---|---:|---|',
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ensureCorpora } = await import('./corpora');
  const { ensureRepoCorpora } = await import('./repos');
  const only = process.argv[2];
  const lines = [...CLI_HEADER];
  // A repository alone does not build the npm corpora.
  const npmCorpora = !only || ['medium', 'large', 'synthetic'].includes(only);
  const corpora = [...(npmCorpora ? await ensureCorpora() : []), ...(await ensureRepoCorpora())];
  for (const corpus of corpora) {
    if (only && corpus.name !== only) continue;
    process.stderr.write(`${corpus.name}: promptloom pack vs repomix (whole processes)...\n`);
    const all = measureCli(corpus);
    const rows = cliRows(corpus, all);
    process.stderr.write(`${[...rows, ...fileDifferences(corpus, all)].join('\n')}\n`);
    lines.push(...rows);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
