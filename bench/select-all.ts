// Runs only the browser's select-all rows beside Repomix, on the medium corpus, with the load
// average before and after each figure (the machine is shared):
// `node --import tsx bench/select-all.ts [runs]`. Each visit times select all → final count
// cold (a fresh browser), then again after Deselect all (same page: counts in memory) and
// after a reload (the folder uploaded again: the IndexedDB count cache only). Repomix runs as
// row 4 does: 1.14.0 (keeps nothing), 1.18.1 with a fresh token cache (cold) and with the
// one its first run filled (warm). BENCH_SKIP_REPOMIX=1 leaves Repomix out; BENCH_PROFILE=1
// prints the main thread's self time per function during the first cold select all.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Spread, spread } from './spread';
import { measureSelectAll } from './browser';
import { ensureCorpora } from './corpora';
import { selectAllBesideRepomixRow } from './select-all-row';

const runs = Number(process.argv[2] ?? 3);
const load = () => loadavg()[0]!.toFixed(1);
const medium = (await ensureCorpora()).find((c) => c.name === 'medium')!;

interface Packed {
  ms: number;
  files: number;
  tokens: number;
}

function repomix(release: 'repomix' | 'repomix-current', tmp: string | null): Packed {
  const env = tmp ? { ...process.env, TMPDIR: tmp } : process.env;
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'task.ts'), release, medium.dir],
    { encoding: 'utf8', maxBuffer: 1 << 20, env },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as Packed;
}

const rows: { name: string; ms: Spread; files: number; tokens: number; load: string }[] = [];
if (process.env.BENCH_SKIP_REPOMIX !== '1') {
  const warmTmp = mkdtempSync(join(tmpdir(), 'bench-repomix-warm-'));
  repomix('repomix-current', warmTmp);
  const pinned: Packed[] = [];
  const cold: Packed[] = [];
  const warm: Packed[] = [];
  const before = load();
  for (let run = 0; run < runs; run++) {
    pinned.push(repomix('repomix', null));
    const fresh = mkdtempSync(join(tmpdir(), 'bench-repomix-cold-'));
    cold.push(repomix('repomix-current', fresh));
    rmSync(fresh, { recursive: true, force: true });
    warm.push(repomix('repomix-current', warmTmp));
  }
  rmSync(warmTmp, { recursive: true, force: true });
  const at = `load ${before}–${load()}`;
  for (const [name, samples] of [
    ['Repomix 1.14.0', pinned],
    ['Repomix 1.18.1 cold', cold],
    ['Repomix 1.18.1 warm', warm],
  ] as const) {
    rows.push({
      name,
      ms: spread(samples.map((s) => s.ms)),
      files: samples[0]!.files,
      tokens: samples[0]!.tokens,
      load: at,
    });
  }
}

const before = load();
const ours = await measureSelectAll(medium.dir, runs, true, process.env.BENCH_PROFILE === '1');
const at = `load ${before}–${load()}`;
console.log(`Browser visits: ${runs}, ${at}`);
for (const row of rows) console.log(`${row.name}: ${JSON.stringify(row.ms)} ms (${row.load})`);
const cold = rows.filter((r) => r.name !== 'Repomix 1.18.1 warm');
const faster = cold.sort((a, b) => a.ms.median - b.ms.median)[0];
const warm = rows.find((r) => r.name === 'Repomix 1.18.1 warm');
console.log(
  selectAllBesideRepomixRow(
    ours,
    faster
      ? { ...faster, name: `the faster Repomix (${faster.name})` }
      : { ms: { median: NaN, min: NaN, max: NaN }, files: 0, tokens: 0 },
    warm?.ms,
  ).join('\n'),
);
