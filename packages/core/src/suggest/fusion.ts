/*
 * Reciprocal-rank fusion of the signals' rankings, kept in typed arrays (decision 158): the
 * rankings, the fused sums and the heads taken from them without sorting every file.
 */

import type { Scores } from './signals';
import type { ProjectIndex } from './types';

/**
 * Reciprocal-rank fusion's constant: how flat the tail of each signal's ranking is (a file at
 * rank r adds weight / (k + r + 1)).
 */
export const RRF_K = 60;

/**
 * A signal's files best first (the position of each is its rank), ties by path order in the
 * index: their ids sorted in a typed array, no pair and no map made per file.
 */
export function ranked(scores: Scores): Uint32Array {
  const ids = Uint32Array.from(scores.keys());
  const values = new Float64Array(ids.reduce((max, at) => Math.max(max, at + 1), 0));
  for (const [at, score] of scores) values[at] = score;
  return ids.sort((a, b) => values[b]! - values[a]! || a - b);
}

/**
 * Sums of fused scores: a file's sum, whether a signal gave it one, and the files in the order
 * a signal first gave each (the order a map of them would keep; ties are broken by it).
 */
export interface Sums {
  values: Float64Array;
  has: Uint8Array;
  order: number[];
}

export const emptySums = (files: number): Sums => ({
  values: new Float64Array(files),
  has: new Uint8Array(files),
  order: [],
});

export const copySums = (sums: Sums): Sums => ({
  values: sums.values.slice(),
  has: sums.has.slice(),
  order: [...sums.order],
});

export function fuse(lists: [Uint32Array, number][], into: Sums) {
  for (const [order, weight] of lists) {
    if (weight === 0) continue;
    for (let rank = 0; rank < order.length; rank++) {
      const at = order[rank]!;
      if (!into.has[at]) {
        into.has[at] = 1;
        into.order.push(at);
      }
      into.values[at] = into.values[at]! + weight / (RRF_K + rank + 1);
    }
  }
}

/**
 * The `count` files of sums that `before` puts first, in that order, ties kept in the sums'
 * order: the head a stable sort of them all would give, without sorting them all.
 */
function topOf(
  sums: Sums,
  count: number,
  before: (a: number, x: number, b: number, y: number) => boolean,
): [number, number][] {
  const head: [number, number][] = [];
  if (count <= 0) return head;
  for (const at of sums.order) {
    const score = sums.values[at]!;
    const last = head[head.length - 1];
    if (head.length === count && !before(at, score, last![0], last![1])) continue;
    let place = head.length;
    while (place > 0 && before(at, score, head[place - 1]![0], head[place - 1]![1])) place--;
    head.splice(place, 0, [at, score]);
    if (head.length > count) head.pop();
  }
  return head;
}

/** The `count` best files of sums by score, ties in the sums' order (the graph's seeds). */
export const bestOf = (sums: Sums, count: number) => topOf(sums, count, (_a, x, _b, y) => x > y);

/** The `count` best files of a fused ranking, best first, ties by path: the head of its order. */
export const headOf = (index: ProjectIndex, sums: Sums, count: number) =>
  topOf(
    sums,
    count,
    (a, x, b, y) => x > y || (x === y && index.files[a]!.path < index.files[b]!.path),
  );
