// Runs only rows 6–7 (folder listing, quiet and with one busy process per core beside it;
// package selection) and the select-all row beside
// Repomix: `node --import tsx bench/listing-only.ts` (BENCH_PROFILE=1 prints the listing's
// main-thread profile and long tasks; BENCH_PROFILE_OUT=prefix also writes it whole, stacks
// included, to prefix-<time>.cpuprofile).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { measureSelectAll } from './browser';
import { spread } from './spread';
import { ensureCorpora } from './corpora';
import { listingRows } from './listing-rows';
import { selectAllBesideRepomixRow } from './select-all-row';

const corpora = await ensureCorpora();
console.log((await listingRows(corpora)).join('\n'));
if (process.env.BENCH_SKIP_SELECT_ALL !== '1') {
  const medium = corpora.find((c) => c.name === 'medium')!;
  const repomix = [0, 1, 2].map(() => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'task.ts'), 'repomix', medium.dir],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    return JSON.parse(out.trim().split('\n').at(-1)!) as {
      ms: number;
      files: number;
      tokens: number;
    };
  });
  const ours = await measureSelectAll(medium.dir);
  console.log(
    selectAllBesideRepomixRow(ours, {
      ms: spread(repomix.map((r) => r.ms)),
      files: repomix[0]!.files,
      tokens: repomix[0]!.tokens,
      name: 'Repomix 1.14.0',
    }).join('\n'),
  );
}
