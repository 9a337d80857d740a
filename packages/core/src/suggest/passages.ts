import type { ProjectIndex } from './types';

/**
 * Lines per passage: about one function. A file is cut in windows of this many lines, each
 * scored on its own, so that one function of a long file matching a report is not drowned by
 * the rest of the file (decision 142). 20, 30 and 50 lines measured alike; 30 a little better.
 */
export const PASSAGE_LINES = 30;

/** Position of `value` in an ascending array, or -1. */
export function findSorted(array: Uint32Array, value: number): number {
  let low = 0;
  let high = array.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = array[mid]!;
    if (at === value) return mid;
    if (at < value) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

const K1 = 1.2;
const B = 0.75;
/** The second-best passage's share: a file matching in two places beats one matching in one. */
const SECOND = 0.2;

const meanCache = new WeakMap<ProjectIndex, number>();

/** Mean passage length of an index (a file of one passage counts whole). */
function meanPassage(index: ProjectIndex): number {
  let mean = meanCache.get(index);
  if (mean === undefined) {
    let total = 0;
    let count = 0;
    for (const file of index.files) {
      if (file.passages) {
        for (const length of file.passages.lengths) total += length;
        count += file.passages.lengths.length;
      } else {
        total += file.length;
        count++;
      }
    }
    mean = count && total ? total / count : 1;
    meanCache.set(index, mean);
  }
  return mean;
}

/** One request term as the text signal met it: its files and counts, its idf and weight. */
export interface TermHit {
  hash: number;
  idf: number;
  weight: number;
  files: Uint32Array;
  counts: Uint16Array;
}

/**
 * BM25 of each file's best passage, plus a share of its second best, against the request's
 * terms (their idf over files, as the text signal's). Also the passage where each file scores
 * best, for its reason. Scored for each reading of one request: `hits[r]` is reading r's terms
 * as the text signal met them, the same terms in the same order in each, their weights apart,
 * so each term's passages are found once for all.
 */
export function passageScores(
  hits: readonly (readonly TermHit[])[],
  index: ProjectIndex,
): { scores: Map<number, number>; best: Map<number, number> }[] {
  const mean = meanPassage(index);
  const readings = hits.length;
  // Most files are one passage: their sums in one array, only long files get one each.
  const whole = hits.map(() => new Float64Array(index.files.length));
  const long = hits.map(() => new Map<number, Float64Array>());
  const terms = hits[0] ?? [];
  for (let t = 0; t < terms.length; t++) {
    const { hash, idf, files, counts } = terms[t]!;
    for (let i = 0; i < files.length; i++) {
      const at = files[i]!;
      const entry = index.files[at]!;
      const passages = entry.passages;
      if (!passages) {
        const count = counts[i]!;
        const norm = count + K1 * (1 - B + (B * entry.length) / mean);
        for (let r = 0; r < readings; r++) {
          whole[r]![at]! += (idf * hits[r]![t]!.weight * count * (K1 + 1)) / norm;
        }
        continue;
      }
      const term = findSorted(entry.terms, hash);
      for (let r = 0; r < readings; r++) {
        let sums = long[r]!.get(at);
        if (!sums) {
          sums = new Float64Array(passages.lengths.length);
          long[r]!.set(at, sums);
        }
        const weight = hits[r]![t]!.weight;
        for (let k = passages.starts[term]!; k < passages.starts[term + 1]!; k++) {
          const passage = passages.ids[k]!;
          const count = passages.counts[k]!;
          const norm = count + K1 * (1 - B + (B * passages.lengths[passage]!) / mean);
          sums[passage]! += (idf * weight * count * (K1 + 1)) / norm;
        }
      }
    }
  }
  return whole.map((sums, r) => bestPassages(sums, long[r]!));
}

/** Each file's score: a file of one passage its sum, a long file its best passage and a share of its second. */
function bestPassages(
  whole: Float64Array,
  long: ReadonlyMap<number, Float64Array>,
): { scores: Map<number, number>; best: Map<number, number> } {
  const scores = new Map<number, number>();
  const best = new Map<number, number>();
  for (let at = 0; at < whole.length; at++) if (whole[at]! > 0) scores.set(at, whole[at]!);
  for (const [at, sums] of long) {
    let first = 0;
    let second = 0;
    let where = 0;
    sums.forEach((sum, passage) => {
      if (sum > first) {
        second = first;
        first = sum;
        where = passage;
      } else if (sum > second) second = sum;
    });
    if (first > 0) {
      scores.set(at, first + SECOND * second);
      best.set(at, where);
    }
  }
  return { scores, best };
}
