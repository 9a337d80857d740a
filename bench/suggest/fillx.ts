// Scratch (decision 195): the fill with its rule as parameters, replayed on SUGGEST_DUMP files.
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
export interface Task {
  id: string;
  gold: string[];
  goldRanks: number[];
  ranked: RankedFile[];
  tokens: Map<string, ModeTokens>;
}
export function load(file: string, method = 'suggest'): Task[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Dumped)
    .filter((r) => r.variant === method)
    .map((record) => {
      const ranked: RankedFile[] = record.top.map(([path, , , score, named, demoted, kinds]) => ({
        path,
        score: score ?? 0,
        role: fileRole(path),
        ...(demoted ? { demoted } : {}),
        reasons: (kinds ?? (named ? ['mentioned'] : [])).map(
          (kind) => ({ kind, message: '' }) as SuggestReason,
        ),
      }));
      const tokens = new Map<string, ModeTokens>();
      for (const [path, full, outline] of record.top) {
        if (typeof full !== 'number') continue;
        tokens.set(path, { full, path: 0, ...(typeof outline === 'number' ? { outline } : {}) });
      }
      return {
        id: `${record.repo} ${record.sha.slice(0, 8)}`,
        gold: record.gold.map((g) => g[0]),
        goldRanks: record.gold.map((g) => g[1]),
        ranked,
        tokens,
      };
    });
}

const EVIDENCE = new Set<SuggestReasonKind>([
  'mentioned',
  'defines',
  'flag',
  'path',
  'imported-by-top',
  'imports-top',
  'changed',
  'recent',
  'past-change',
  'linked-change',
]);
export interface Opts {
  decay?: number;
  share?: number;
  evPow?: number;
  /** order key override */
  variant?: string;
  k?: number;
  frac?: number;
  tokPow?: number;
  evMaxRank?: number;
  evAdd?: number;
  cap?: number;
  kw?: Record<string, number>;
  floor?: number;
  deep?: number;
  topCap?: number;
}
export function fill(t: Task, o: Opts, budget = Number(process.env.B ?? 27_000)): Set<string> {
  const decay = o.decay ?? 2.5;
  const sharePow = o.share ?? 0.5;
  const evPow = o.evPow ?? 2;
  let left = budget;
  const costed = t.ranked.flatMap((file, rank) => {
    const tokens = t.tokens.get(file.path);
    return tokens ? [{ file, rank, tokens }] : [];
  });
  const top = Math.max(0, ...t.ranked.map((f) => f.score));
  const kinds = (f: RankedFile) =>
    [...new Set(f.reasons.map((r) => r.kind))].reduce(
      (s, k) => s + (o.kw?.[k] ?? (EVIDENCE.has(k) ? 1 : 0)),
      0,
    );
  const named = (f: RankedFile) => f.reasons.some((r) => r.kind === 'mentioned');
  const secondary = (f: RankedFile) => f.demoted === true && f.role !== 'readme';
  type E = (typeof costed)[number];
  const value = (e: E) =>
    ((top > 0 ? (Math.max(e.file.score, 0) / top) ** sharePow : 1) *
      (e.rank <= (o.evMaxRank ?? 1e9) ? (1 + (o.evAdd ?? 1) * kinds(e.file)) ** evPow : 1)) /
    (e.rank + 1) ** decay;
  const worth = (e: E) => value(e) / Math.max(e.tokens.full, o.floor ?? 1) ** (o.tokPow ?? 1);
  const first = (e: E) =>
    named(e.file)
      ? 0
      : e.rank === 0 && e.tokens.full <= (o.topCap ?? 1e9) * budget
        ? 1
        : secondary(e.file)
          ? 3
          : e.rank >= (o.deep ?? 1e9)
            ? 2.5
            : 2;
  const whole = new Set<string>();
  const order = [...costed].sort(
    (a, b) => first(a) - first(b) || worth(b) - worth(a) || a.rank - b.rank,
  );
  const take = (list: E[]) => {
    for (const e of list) {
      if (whole.has(e.file.path) || e.tokens.full > left) continue;
      whole.add(e.file.path);
      left -= e.tokens.full;
    }
  };
  if (!o.variant) take(order);
  else if (o.variant === 'topk') {
    // the top k (after named/top) in rank order first, each while the running total stays within frac of the budget
    const head = costed.filter((e) => first(e) === 2 && e.rank <= (o.k ?? 2));
    take(order.filter((e) => first(e) < 2));
    for (const e of head) if (budget - left + e.tokens.full <= (o.frac ?? 0.7) * budget) take([e]);
    take(order);
  } else if (o.variant === 'oversize') {
    // a file over frac of the budget, below rank k, is not taken whole
    take(
      order.filter(
        (e) => first(e) < 2 || e.tokens.full <= (o.frac ?? 0.5) * budget || e.rank <= (o.k ?? 0),
      ),
    );
  } else if (o.variant === 'secondlast') {
    // tests/docs never whole before a source file of any rank; non-demoted secondary roles too
    const sec = (e: E) => secondary(e.file) || !['source', 'readme'].includes(e.file.role);
    take(order.filter((e) => !sec(e) || first(e) < 2));
    take(order);
  } else if (o.variant === 'swap') {
    // greedy, then: for each left-out file by value, try to take it by dropping the
    // lowest worth-per-token whole files whose value sum is smaller.
    take(order);
    const out = order
      .filter((e) => !whole.has(e.file.path) && first(e) === 2)
      .sort((a, b) => value(b) - value(a));
    for (const x of out.slice(0, o.k ?? 3)) {
      const inn = order
        .filter((e) => whole.has(e.file.path) && first(e) >= 2 && e.rank > x.rank)
        .reverse();
      let need = x.tokens.full - left;
      let lost = 0;
      const drop: E[] = [];
      for (const e of inn) {
        if (need <= 0) break;
        drop.push(e);
        need -= e.tokens.full;
        lost += value(e);
      }
      if (need <= 0 && lost * (o.frac ?? 1) < value(x)) {
        for (const e of drop) {
          whole.delete(e.file.path);
          left += e.tokens.full;
        }
        whole.add(x.file.path);
        left -= x.tokens.full;
        take(order);
      }
    }
  }
  return whole;
}

export function libFill(t: Task, budget = Number(process.env.B ?? 27_000)): Set<string> {
  const s = suggestSelection({ ranked: t.ranked, budget, tokens: t.tokens });
  return new Set(s.files.filter((f) => f.mode === 'full').map((f) => f.path));
}
export const hit = (t: Task, w: Set<string>) => t.gold.every((g) => w.has(g));
