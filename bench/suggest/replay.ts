// Development aid: budget recall of core's suggestSelection replayed on the rankings a full
// quality run dumped (SUGGEST_DUMP=file), so that a change to the fill is measured in seconds
// without ranking again. Run: node --import tsx bench/suggest/replay.ts <dump> [method]
import { readFileSync } from 'node:fs';
import {
  type ModeTokens,
  type RankedFile,
  type SuggestReason,
  type SuggestReasonKind,
  fileRole,
  suggestSelection,
} from '@promptloom/core';
import { BUDGET } from './quality';

type Row = [
  path: string,
  full?: number,
  outline?: number,
  score?: number,
  named?: boolean,
  demoted?: boolean,
  kinds?: SuggestReasonKind[],
];

interface Dumped {
  repo: string;
  variant: string;
  gold: [path: string, rank: number, full: number | null][];
  top: Row[];
}

const [file, method = 'suggest'] = process.argv.slice(2);
if (!file) throw new Error('usage: replay.ts <dump> [method]');
const records = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Dumped)
  .filter((record) => record.variant === method);
const hits = new Map<string, [number, number]>();
for (const record of records) {
  const ranked: RankedFile[] = record.top.map(([path, , , score, named, demoted, kinds]) => ({
    path,
    score: score ?? 0,
    role: fileRole(path),
    ...(demoted ? { demoted } : {}),
    // Older dumps have no reason kinds: a named file is all the fill read then.
    reasons: (kinds ?? (named ? ['mentioned'] : [])).map(
      (kind) => ({ kind, message: '' }) as SuggestReason,
    ),
  }));
  const tokens = new Map<string, ModeTokens>();
  for (const [path, full, outline] of record.top) {
    // JSON wrote a missing count as null.
    if (typeof full !== 'number') continue;
    tokens.set(path, { full, path: 0, ...(typeof outline === 'number' ? { outline } : {}) });
  }
  const selection = suggestSelection({ ranked, budget: BUDGET, tokens });
  const whole = new Set(selection.files.filter((f) => f.mode === 'full').map((f) => f.path));
  const [hit, all] = hits.get(record.repo) ?? [0, 0];
  hits.set(record.repo, [hit + (record.gold.every(([path]) => whole.has(path)) ? 1 : 0), all + 1]);
}
const pct = ([hit, all]: [number, number]) => `${((100 * hit) / Math.max(all, 1)).toFixed(1)} %`;
const total = [...hits.values()].reduce<[number, number]>(
  ([h, a], [hit, all]) => [h + hit, a + all],
  [0, 0],
);
for (const [repo, counts] of hits) console.log(`${repo}: ${pct(counts)} of ${counts[1]}`);
console.log(`all: ${pct(total)} of ${total[1]} (${method}, all gold in full within ${BUDGET})`);
