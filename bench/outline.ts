// Outline rows: speed of core's OutlinePool (files/s, MB/s) and the token reduction on the
// files Promptloom packs, beside `repomix --compress` on the same folder. Each measurement
// runs in a fresh child process (`node --import tsx bench/outline.ts <task> <dir>`) so its
// peak RSS is its own; `node --import tsx bench/outline.ts` alone prints the rows for medium.
import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { CORE_SYSTEM_IGNORE_PATTERNS, outlineLanguageFor, scanProject } from '@promptloom/core';
import { NodeFileProvider, OutlinePool } from '@promptloom/core/node';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { fmtMs } from './table-cells';

interface OutlineSample {
  ms: number;
  peakMb: number;
  files: number;
  bytes: number;
  /** Per file (path → cl100k tokens): the full text, and its outline or Repomix's compression. */
  full?: Record<string, number>;
  reduced: Record<string, number>;
}

const RUNS = 3;
const peakMb = () => process.resourceUsage().maxRSS / 1024;
const count = (text: string) => countTokens(text, { disallowedSpecial: new Set() });

/** The files Promptloom packs from `dir` that have an outline language, with their text. */
async function outlinableFiles(dir: string): Promise<{ path: string; text: string }[]> {
  const provider = new NodeFileProvider(dir);
  const { files } = await scanProject(provider, basename(dir), {
    corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
  });
  const paths = files.map((file) => file.path).filter((path) => outlineLanguageFor(path));
  return Promise.all(
    paths.map(async (path) => ({ path, text: await readFile(join(dir, path), 'utf8') })),
  );
}

async function task(name: string, dir: string): Promise<OutlineSample> {
  const files = await outlinableFiles(dir);
  const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
  if (name === 'outline') {
    const started = performance.now();
    const pool = new OutlinePool(availableParallelism());
    const outlines = await pool.outlineMany(files);
    const ms = performance.now() - started;
    await pool.close();
    const full: Record<string, number> = {};
    const reduced: Record<string, number> = {};
    files.forEach((file, i) => {
      full[file.path] = count(file.text);
      reduced[file.path] = count(outlines[i] ?? file.text);
    });
    return { ms, peakMb: peakMb(), files: files.length, bytes, full, reduced };
  }
  // Repomix packs the whole folder (scan, read, compress, count); `repomix-plain` gives the
  // same pack without --compress, so the difference is what compressing costs it.
  const { runCli, setLogLevel } = await import('repomix');
  setLogLevel(-1);
  const output = join(tmpdir(), `repomix-outline-bench-${process.pid}.xml`);
  const started = performance.now();
  const result = await runCli(['.'], dir, {
    output,
    style: 'xml',
    compress: name === 'repomix-compress',
    securityCheck: false,
    tokenCountEncoding: 'cl100k_base',
    quiet: true,
  });
  const ms = performance.now() - started;
  await rm(output, { force: true });
  const counts = result && 'packResult' in result ? result.packResult.fileTokenCounts : {};
  const reduced: Record<string, number> = {};
  for (const file of files) reduced[file.path] = counts[file.path] ?? 0;
  return { ms, peakMb: peakMb(), files: files.length, bytes, reduced };
}

function runTask(name: string, dir: string): OutlineSample {
  const args = ['--import', 'tsx', import.meta.filename, name, dir];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out.trim().split('\n').at(-1)!) as OutlineSample;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const range = (values: number[]) =>
  `${fmtMs(median(values))} (${fmtMs(Math.min(...values))}–${fmtMs(Math.max(...values))})`;

/** Table rows (the main table's columns) for one corpus, tasks run round-robin. */
export function measureOutline(corpus: { name: string; dir: string }): string[] {
  const tasks = ['outline', 'repomix-compress', 'repomix-plain'];
  const samples = new Map(tasks.map((t) => [t, [] as OutlineSample[]]));
  for (let i = 0; i < RUNS; i++) {
    for (const t of tasks) samples.get(t)!.push(runTask(t, corpus.dir));
  }
  const ours = samples.get('outline')!;
  const compress = samples.get('repomix-compress')!;
  const plain = samples.get('repomix-plain')!;
  const { files, bytes, full, reduced } = ours[0]!;
  const ms = median(ours.map((s) => s.ms));
  const fullTokens = sum(full!);
  const ourReduction = 1 - sum(reduced) / fullTokens;
  const theirReduction = 1 - sum(compress[0]!.reduced) / fullTokens;
  const compressCost = median(compress.map((s) => s.ms)) - median(plain.map((s) => s.ms));
  const peak = (list: OutlineSample[]) =>
    `${Math.round(Math.max(...list.map((s) => s.peakMb)))} MB`;
  const mb = bytes / 1_048_576;
  const pct = (r: number) => `${(r * 100).toFixed(1)} %`;
  return [
    `| ${corpus.name} | 6. outline (${files} files, ${mb.toFixed(1)} MB: ${Math.round(files / (ms / 1000))} files/s, ${(mb / (ms / 1000)).toFixed(1)} MB/s; tokens ${fullTokens} → ${sum(reduced)}, −${pct(ourReduction)}) | ${range(ours.map((s) => s.ms))} | ${peak(ours)} | ${range(compress.map((s) => s.ms))} (--compress; same files −${pct(theirReduction)}) | ${peak(compress)} | ${(ms / compressCost).toFixed(2)} of its compress cost (${fmtMs(compressCost)}) | | – |`,
    `| ${corpus.name} | 6. Repomix pack without --compress (reference for its compress cost) | | | ${range(plain.map((s) => s.ms))} | ${peak(plain)} | | | – |`,
  ];
}

if (import.meta.filename === process.argv[1]) {
  const [name, dir] = process.argv.slice(2);
  if (name && dir) {
    // Exit once the line is flushed: a pipe takes large writes asynchronously.
    process.stdout.write(`${JSON.stringify(await task(name, dir))}\n`, () => process.exit(0));
  }
  const { ensureCorpora } = await import('./corpora');
  const medium = (await ensureCorpora()).find((c) => c.name === 'medium')!;
  console.log(measureOutline(medium).join('\n'));
}
