import { termHashCounts } from './tokenize';
import type { FileIndexEntry, FilePassages, ProjectIndex } from './types';

/** Lines per passage: about one function or a screen of code. */
export const PASSAGE_LINES = Number(process.env.PASSAGE_LINES ?? 50);

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

/**
 * The passages of a file longer than one: windows of PASSAGE_LINES lines, and for each of the
 * file's terms the passages that hold it with its count there. Undefined for a file of one
 * passage (the file is its own passage).
 */
export function filePassages(text: string, terms: Uint32Array): FilePassages | undefined {
  const lines = text.split('\n');
  if (lines.length <= PASSAGE_LINES) return undefined;
  const byTerm: [number, number][][] = Array.from({ length: terms.length }, () => []);
  const lengths: number[] = [];
  for (let from = 0, p = 0; from < lines.length; from += PASSAGE_LINES, p++) {
    const window = lines.slice(from, from + PASSAGE_LINES).join('\n');
    const counted = termHashCounts(window);
    lengths.push(counted.length);
    counted.terms.forEach((hash, i) => {
      const at = findSorted(terms, hash);
      if (at !== -1) byTerm[at]!.push([p, counted.counts[i]!]);
    });
  }
  const starts = new Uint32Array(terms.length + 1);
  for (let i = 0; i < terms.length; i++) starts[i + 1] = starts[i]! + byTerm[i]!.length;
  const ids = new Uint16Array(starts[terms.length]!);
  const counts = new Uint16Array(ids.length);
  let k = 0;
  for (const list of byTerm)
    for (const [p, c] of list) {
      ids[k] = p;
      counts[k++] = c;
    }
  return { starts, ids, counts, lengths: Uint32Array.from(lengths) };
}

const K1 = 1.2;
const B = 0.75;
const SECOND = Number(process.env.PASSAGE_SECOND ?? 0.2);

const meanCache = new WeakMap<ProjectIndex, number>();
function meanPassage(index: ProjectIndex): number {
  let mean = meanCache.get(index);
  if (mean === undefined) {
    let total = 0;
    let count = 0;
    for (const file of index.files) {
      if (file.passages) {
        for (const l of file.passages.lengths) total += l;
        count += file.passages.lengths.length;
      } else {
        total += file.length;
        count++;
      }
    }
    mean = count ? total / count : 1;
    meanCache.set(index, mean);
  }
  return mean || 1;
}

/** Per-term contributions: file postings with idf, from the caller (the text signal's). */
export interface TermHit {
  hash: number;
  idf: number;
  weight: number;
  files: Uint32Array;
  counts: Uint16Array;
}

/**
 * BM25 of each file's best passage (plus a share of the second best): a large file where one
 * function matches the request is not drowned by its own length.
 */
export function passageScoresOf(hits: readonly TermHit[], index: ProjectIndex): Map<number, number> {
  const mean = meanPassage(index);
  const perFile = new Map<number, Float64Array>();
  for (const { hash, idf, weight, files, counts } of hits) {
    for (let i = 0; i < files.length; i++) {
      const at = files[i]!;
      const entry: FileIndexEntry = index.files[at]!;
      const passages = entry.passages;
      let acc = perFile.get(at);
      if (!acc) {
        acc = new Float64Array(passages ? passages.lengths.length : 1);
        perFile.set(at, acc);
      }
      if (!passages) {
        const norm = K1 * (1 - B + (B * entry.length) / mean);
        acc[0]! += (idf * weight * (counts[i]! * (K1 + 1))) / (counts[i]! + norm);
        continue;
      }
      const t = findSorted(entry.terms, hash);
      for (let k = passages.starts[t]!; k < passages.starts[t + 1]!; k++) {
        const p = passages.ids[k]!;
        const c = passages.counts[k]!;
        const norm = K1 * (1 - B + (B * passages.lengths[p]!) / mean);
        acc[p]! += (idf * weight * (c * (K1 + 1))) / (c + norm);
      }
    }
  }
  const scores = new Map<number, number>();
  for (const [at, acc] of perFile) {
    let best = 0;
    let next = 0;
    for (const s of acc) {
      if (s > best) {
        next = best;
        best = s;
      } else if (s > next) next = s;
    }
    if (best > 0) scores.set(at, best + SECOND * next);
  }
  return scores;
}
