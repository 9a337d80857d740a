/**
 * The power iteration of personalised PageRank over the subgraph `graph.ts` gathered, in
 * typed arrays: the same sums as a walk over maps, without a map written per node and
 * iteration — the browser ranks again at each pause in typing (decision 105).
 *
 * `restart`: seed → share (summing to 1); `edges`: node → its out-edges (target → weight),
 * a node with none or of zero weight being a dead end whose rank goes back to the seeds.
 * Returns the rank of every node reached, as the walk over maps did.
 */
export function walkGraph(
  restart: ReadonlyMap<number, number>,
  edges: ReadonlyMap<number, ReadonlyMap<number, number>>,
  restartProbability: number,
  iterations: number,
): Map<number, number> {
  const ids = new Map<number, number>();
  const nodes: number[] = [];
  const idOf = (at: number) => {
    let id = ids.get(at);
    if (id === undefined) {
      id = nodes.length;
      ids.set(at, id);
      nodes.push(at);
    }
    return id;
  };
  for (const at of restart.keys()) idOf(at);
  for (const [at, out] of edges) {
    idOf(at);
    for (const to of out.keys()) idOf(to);
  }
  const n = nodes.length;
  const starts = new Uint32Array(n + 1);
  const sums = new Float64Array(n);
  for (let id = 0; id < n; id++) {
    const out = edges.get(nodes[id]!);
    let sum = 0;
    if (out) for (const weight of out.values()) sum += weight;
    sums[id] = sum;
    starts[id + 1] = starts[id]! + (out && sum > 0 ? out.size : 0);
  }
  const targets = new Uint32Array(starts[n]!);
  const weights = new Float64Array(starts[n]!);
  for (let id = 0; id < n; id++) {
    if (starts[id + 1] === starts[id]) continue;
    let at = starts[id]!;
    for (const [to, weight] of edges.get(nodes[id]!)!) {
      targets[at] = ids.get(to)!;
      weights[at++] = weight;
    }
  }
  // The seeds in two arrays: a dead end gives back to each of them at every iteration, and
  // thousands of dead ends (the walk's last hop) made that loop most of the walk's time.
  const seedCount = restart.size;
  const seedIds = new Uint32Array(seedCount);
  const seedShares = new Float64Array(seedCount);
  let s = 0;
  for (const [at, share] of restart) {
    seedIds[s] = ids.get(at)!;
    seedShares[s++] = share;
  }

  let rank = new Float64Array(n);
  let reached = new Uint8Array(n);
  for (let k = 0; k < seedCount; k++) {
    rank[seedIds[k]!] = seedShares[k]!;
    reached[seedIds[k]!] = 1;
  }
  const walk = 1 - restartProbability;
  for (let i = 0; i < iterations; i++) {
    const next = new Float64Array(n);
    const nextReached = new Uint8Array(n);
    for (let k = 0; k < seedCount; k++) {
      next[seedIds[k]!] = restartProbability * seedShares[k]!;
      nextReached[seedIds[k]!] = 1;
    }
    for (let id = 0; id < n; id++) {
      if (!reached[id]) continue;
      const value = rank[id]!;
      const from = starts[id]!;
      const to = starts[id + 1]!;
      if (from === to) {
        for (let k = 0; k < seedCount; k++) {
          const seed = seedIds[k]!;
          next[seed] = next[seed]! + walk * value * seedShares[k]!;
        }
        continue;
      }
      const sum = sums[id]!;
      for (let e = from; e < to; e++) {
        const target = targets[e]!;
        next[target] = next[target]! + (walk * value * weights[e]!) / sum;
        nextReached[target] = 1;
      }
    }
    rank = next;
    reached = nextReached;
  }
  const ranks = new Map<number, number>();
  for (let id = 0; id < n; id++) if (reached[id]) ranks.set(nodes[id]!, rank[id]!);
  return ranks;
}
