import { type Derived, derived } from './derived';
import { walkGraph } from './graph-walk';
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

const NO_EDGES: ReadonlyMap<number, number> = new Map();
const keptEdges = new WeakMap<ProjectIndex, Map<number, Map<number, number>>>();

/**
 * A file's out-edges, kept per index: a ranking again after an edit of the request walks
 * mostly the same files, and a file's edges do not depend on the request.
 */
function keptEdgesOf(at: number, index: ProjectIndex, d: Derived): ReadonlyMap<number, number> {
  let byFile = keptEdges.get(index);
  if (!byFile) keptEdges.set(index, (byFile = new Map<number, Map<number, number>>()));
  let out = byFile.get(at);
  if (!out) byFile.set(at, (out = edgesOf(at, index, d)));
  return out;
}

/**
 * Computes the out-edges of the index's files from `from` on, until `stop()` says so (asked
 * every 64 files); returns where to go on (the file count once all are kept). The browser's
 * worker runs it in slices once an index is whole: a ranking after an edit of the request
 * seeds other files, and their edges (a pass over each file's terms) were most of what it
 * cost. Slices let a ranking asked meanwhile go first.
 */
export function prepareGraph(index: ProjectIndex, from = 0, stop = () => false): number {
  const d = derived(index);
  let at = from;
  while (at < index.files.length) {
    keptEdgesOf(at++, index, d);
    if ((at & 63) === 0 && stop()) break;
  }
  return at;
}

/**
 * Personalised PageRank from the seeds (file → weight) over the import and reference graph
 * around them (HOPS away), by power iteration. Returns the rank of every reached file.
 */
export function graphScores(seeds: Scores, index: ProjectIndex, d: Derived): Scores {
  const total = [...seeds.values()].reduce((sum, value) => sum + value, 0);
  if (total === 0) return new Map();
  const restart = new Map([...seeds].map(([at, value]) => [at, value / total]));
  const edges = new Map<number, ReadonlyMap<number, number>>();
  let frontier = [...seeds.keys()];
  for (let hop = 0; hop <= HOPS; hop++) {
    const next: number[] = [];
    for (const at of frontier) {
      if (edges.has(at)) continue;
      const out = hop < HOPS ? keptEdgesOf(at, index, d) : NO_EDGES;
      edges.set(at, out);
      next.push(...out.keys());
    }
    frontier = next;
  }
  return walkGraph(restart, edges, RESTART, ITERATIONS);
}
