// The suggest rows of `npm run bench`: retrieval quality on the history set beside plain BM25
// (quality.ts), then `promptloom suggest` as whole processes on the repository corpora, cold
// (a fresh cache folder each run) and warm (the index kept).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Corpus } from '../corpora';
import { measureQuality, qualityTable } from './quality';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'promptloom.js');
const RUNS = 5;
const REQUESTS: Record<string, string> = {
  vite: 'ssrTransform drops a comment before an import in SSR',
  babel: 'The parser throws on a decorator before an export default class',
};

function timeSuggest(dir: string, request: string, cacheDir: string): number {
  const started = performance.now();
  execFileSync(process.execPath, [BIN, 'suggest', request, '--dir', dir, '--json'], {
    env: { ...process.env, PROMPTLOOM_CACHE_DIR: cacheDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return performance.now() - started;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function suggestCliRows(corpora: readonly Corpus[]): string[] {
  const lines = [
    '',
    '| corpus | suggest CLI, whole process | median (min–max) | target met |',
    '|---|---|---|---|',
  ];
  for (const corpus of corpora) {
    const request = REQUESTS[corpus.name] ?? 'fix the parser';
    const cold: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const cacheDir = mkdtempSync(join(tmpdir(), 'bench-suggest-cold-'));
      cold.push(timeSuggest(corpus.dir, request, cacheDir));
      rmSync(cacheDir, { recursive: true, force: true });
    }
    const warmDir = mkdtempSync(join(tmpdir(), 'bench-suggest-warm-'));
    timeSuggest(corpus.dir, request, warmDir);
    const warm = Array.from({ length: RUNS }, () => timeSuggest(corpus.dir, request, warmDir));
    rmSync(warmDir, { recursive: true, force: true });
    const range = (values: number[]) =>
      `${seconds(median(values))} (${seconds(Math.min(...values))}–${seconds(Math.max(...values))})`;
    lines.push(
      `| ${corpus.name} (${corpus.files} files) | cold, no cache | ${range(cold)} | ${corpus.files <= 3000 ? (median(cold) <= 3000 ? 'yes' : '**NO**') : '–'} |`,
      `| ${corpus.name} (${corpus.files} files) | warm, index cached | ${range(warm)} | – |`,
    );
  }
  return lines;
}

export async function suggestQualityRows(): Promise<string[]> {
  const heldOut = process.env.SUGGEST_HELDOUT === '1';
  const results = await measureQuality({
    heldOut,
    variants: [{ name: 'suggest' }],
    log: (line) => process.stderr.write(`suggest ${heldOut ? 'held-out' : 'dev'}: ${line}\n`),
  });
  return [
    '',
    `Suggest, ${heldOut ? 'held-out' : 'development'} set (commits of real histories: request = message, gold = non-test files changed):`,
    '',
    ...qualityTable(results, ['bm25', 'suggest']),
  ];
}
