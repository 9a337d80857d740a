// Scratch: fill variants replayed on quality dumps. node --import tsx bench/suggest/fillx.ts dump...
import { readFileSync } from 'node:fs';
import {
  type ModeTokens,
  type RankedFile,
  type SuggestReason,
  type SuggestReasonKind,
  fileRole,
  suggestSelection,
} from '@promptloom/core';

type Row = [string, number?, number?, number?, boolean?, boolean?, SuggestReasonKind[]?];
interface Dumped {
  repo: string;
  sha: string;
  variant: string;
  gold: [string, number, number | null][];
  top: Row[];
}
const BUDGETS = (process.env.BUDGETS ?? '27000').split(',').map(Number);
const VARIANT = process.env.FILLX ?? '';
const DECL = /\.d\.[cm]?ts$|\.pyi$/i;
const moduleOf = (p: string) =>
  p.endsWith('.pyi') ? [p.slice(0, -1)] : ['.ts', '.js', '.mjs', '.cjs', '.tsx', '.jsx'].map((e) => p.replace(/\.d\.[cm]?ts$/i, e));

function fill(ranked: RankedFile[], tokens: Map<string, ModeTokens>, budget: number) {
  if (!VARIANT) return suggestSelection({ ranked, budget, tokens });
  if (VARIANT.startsWith('lift')) {
    // a declaration whose module ranks above it: not demoted, and at its module's rank (worth)
    const at = new Map(ranked.map((f, i) => [f.path, i]));
    const out = ranked.map((f, i) => {
      if (!DECL.test(f.path)) return f;
      const m = moduleOf(f.path).find((p) => (at.get(p) ?? 1e9) < i);
      if (m === undefined) return f;
      const { demoted: _d, ...rest } = f;
      return VARIANT === 'lift' ? rest : f;
    });
    return suggestSelection({ ranked: out, budget, tokens });
  }
  if (VARIANT.startsWith('pair')) {
    // take each declaration with its module: module cost = both, stub dropped from the list
    const paths = new Set(ranked.map((f) => f.path));
    const stubOf = new Map<string, string>();
    for (const f of ranked)
      if (DECL.test(f.path)) {
        const m = moduleOf(f.path).find((p) => paths.has(p));
        if (m && tokens.has(f.path) && tokens.has(m)) stubOf.set(m, f.path);
      }
    const stubs = new Set(stubOf.values());
    const t2 = new Map(tokens);
    for (const [m, s] of stubOf) t2.set(m, { ...tokens.get(m)!, full: tokens.get(m)!.full + tokens.get(s)!.full });
    const sel = suggestSelection({ ranked: ranked.filter((f) => !stubs.has(f.path)), budget, tokens: t2 });
    const files = sel.files.flatMap((f) => {
      const s = stubOf.get(f.path);
      return s && f.mode === 'full' ? [f, { ...f, path: s }] : [f];
    });
    return { ...sel, files };
  }
  return sel2(ranked, tokens, budget);
}

function main() {
for (const budget of BUDGETS) {
  let hit = 0;
  let moved = 0;
  let all = 0;
  const changed: string[] = [];
  for (const file of process.argv.slice(2)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      const r = JSON.parse(line) as Dumped;
      if (r.variant !== 'suggest') continue;
      const ranked: RankedFile[] = r.top.map(([path, , , score, named, demoted, kinds]) => ({
        path,
        score: score ?? 0,
        role: fileRole(path),
        ...(demoted ? { demoted } : {}),
        reasons: (kinds ?? (named ? ['mentioned'] : [])).map((kind) => ({ kind, message: '' }) as SuggestReason),
      }));
      const tokens = new Map<string, ModeTokens>();
      for (const [path, full, outline] of r.top) {
        if (typeof full !== 'number') continue;
        tokens.set(path, { full, path: 0, ...(typeof outline === 'number' ? { outline } : {}) });
      }
      const whole = (s: ReturnType<typeof suggestSelection>) =>
        new Set(s.files.filter((f) => f.mode === 'full').map((f) => f.path));
      const a = whole(fill(ranked, tokens, budget));
      const b = whole(suggestSelection({ ranked, budget, tokens }));
      const ok = (w: Set<string>) => r.gold.every(([p]) => w.has(p));
      all++;
      if (ok(a)) hit++;
      if ([...a].sort().join() !== [...b].sort().join()) moved++;
      if (ok(a) !== ok(b)) changed.push(`${ok(a) ? '+' : '-'}${r.repo} ${r.sha.slice(0, 8)}`);
    }
  }
  console.log(`${budget}: ${hit}/${all} moved ${moved} ${changed.join(' ')}`);
}
}

const EVIDENCE = new Set(['mentioned','defines','flag','path','imported-by-top','imports-top','changed','recent','past-change','linked-change','passage']);
const POW = Number(process.env.EPOW ?? 2);
const DEC = Number(process.env.DECAY ?? 2.5);
const TOKP = Number(process.env.TOKP ?? 1);
function evidence(file: RankedFile) {
  const kinds = new Set(file.reasons.filter((r) => EVIDENCE.has(r.kind)).map((r) => r.kind)).size;
  let extra = 0;
  if (VARIANT === 'defs2') extra = file.reasons.filter((r) => r.kind === 'defines').length >= 2 ? 1 : 0;
  if (VARIANT === 'defshalf') extra = file.reasons.filter((r) => r.kind === 'defines').length >= 2 ? 0.5 : 0;
  return (1 + kinds + extra) ** POW;
}
const named = (f: RankedFile) => f.reasons.some((r) => r.kind === 'mentioned');
const secondary = (f: RankedFile) => f.demoted === true && f.role !== 'readme';
function sel2(ranked: RankedFile[], tokensMap: Map<string, ModeTokens>, budget: number) {
  let left = budget;
  const costed = ranked.flatMap((file, rank) => { const tokens = tokensMap.get(file.path); return tokens ? [{ file, rank, tokens }] : []; });
  const top = Math.max(0, ...ranked.map((f) => f.score));
  const share = (s: number) => (top > 0 ? (Math.max(s, 0) / top) ** 0.5 : 1);
  type E = (typeof costed)[number];
  const worth = ({ file, rank, tokens }: E) => (share(file.score) * evidence(file)) / ((rank + 1) ** DEC * Math.max(tokens.full, 1) ** TOKP);
  const perToken = ({ file, tokens }: E) => evidence(file) / Math.max(tokens.full, 1);
  const head = ranked[0]?.score ?? 0;
  let lead = costed[0]?.rank === 0 ? costed[0] : undefined;
  for (const e of costed) { if (head <= 0 || e.file.score < head * (1 - 1e-9)) break; if (lead && perToken(e) > perToken(lead)) lead = e; }
  const first = (e: E) => (named(e.file) ? 0 : e === lead ? 1 : secondary(e.file) ? 3 : 2);
  const files: { path: string; mode: string }[] = [];
  for (const e of [...costed].sort((a, b) => first(a) - first(b) || worth(b) - worth(a) || a.rank - b.rank)) {
    if (e.tokens.full > left) continue;
    files.push({ path: e.file.path, mode: 'full' });
    left -= e.tokens.full;
  }
  return { files } as unknown as ReturnType<typeof suggestSelection>;
}

main();
