import type { Derived } from './derived';
import type { Scores } from './signals';
import type { ProjectIndex } from './types';

/** Names defined in more files than this say nothing about who depends on whom. */
const MAX_DEFINERS = 5;
/** Walk this far from the seeds: the rank beyond is too thin to move a file. */
const HOPS = 2;
const RESTART = 0.3;
const ITERATIONS = 20;

/**
 * Out-edges of a file: the files it imports (weight 1) and the files that define a name it
 * references (Aider's repo map: referencer → definer; long, specific names weigh more),
 * plus a weaker edge back to the files importing it.
 */
function edgesOf(at: number, index: ProjectIndex, d: Derived): Map<number, number> {
  const edges = new Map<number, number>();
  const add = (to: number, weight: number) => {
    if (to !== at) edges.set(to, (edges.get(to) ?? 0) + weight);
  };
  for (const to of d.imports[at]!) add(to, 1);
  for (const from of d.importers[at]!) add(from, 0.3);
  const file = index.files[at]!;
  const hashes = file.tagged ? file.refs : file.terms;
  for (const hash of hashes) {
    const definers = d.definersByHash.get(hash);
    if (!definers || definers.length > MAX_DEFINERS) continue;
    for (const to of definers) add(to, 0.5 / definers.length);
  }
  return edges;
}

/**
 * Personalised PageRank from the seeds (file → weight) over the import and reference graph
 * around them (HOPS away), by power iteration. Returns the rank of every reached file.
 */
export function graphScores(seeds: Scores, index: ProjectIndex, d: Derived): Scores {
  const total = [...seeds.values()].reduce((sum, value) => sum + value, 0);
  if (total === 0) return new Map();
  const restart = new Map([...seeds].map(([at, value]) => [at, value / total]));
  const edges = new Map<number, Map<number, number>>();
  let frontier = [...seeds.keys()];
  for (let hop = 0; hop <= HOPS; hop++) {
    const next: number[] = [];
    for (const at of frontier) {
      if (edges.has(at)) continue;
      const out = hop < HOPS ? edgesOf(at, index, d) : new Map<number, number>();
      edges.set(at, out);
      next.push(...out.keys());
    }
    frontier = next;
  }
  let rank = new Map(restart);
  for (let i = 0; i < ITERATIONS; i++) {
    const next = new Map<number, number>();
    for (const [at, value] of restart) next.set(at, RESTART * value);
    for (const [at, value] of rank) {
      const out = edges.get(at);
      const sum = out ? [...out.values()].reduce((s, w) => s + w, 0) : 0;
      if (!out || sum === 0) {
        // A dead end gives its rank back to the seeds (the dangling vector is the restart).
        for (const [seed, weight] of restart)
          next.set(seed, next.get(seed)! + (1 - RESTART) * value * weight);
        continue;
      }
      for (const [to, weight] of out) {
        next.set(to, (next.get(to) ?? 0) + ((1 - RESTART) * value * weight) / sum);
      }
    }
    rank = next;
  }
  return rank;
}
