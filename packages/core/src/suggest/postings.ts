import { type Derived, derived } from './derived';
import type { ProjectIndex } from './types';

/**
 * The index turned inside out, once per index and kept beside it: for each term hash the files
 * holding it (ascending, as the index orders them) with their counts, and for each path word
 * the files whose name or folders hold it. A ranking then reads only the request's terms
 * instead of searching all 25,000 entries for each of them: the browser's worker ranks again
 * at every pause in typing on an index it keeps (decision 105).
 */
export interface TermPostings {
  /** Files holding the term hash and its count in each; empty arrays when none. */
  of(hash: number): { files: Uint32Array; counts: Uint16Array };
}

const NONE = { files: new Uint32Array(0), counts: new Uint16Array(0) };
const termCache = new WeakMap<ProjectIndex, TermPostings>();
const pathCache = new WeakMap<ProjectIndex, Map<string, number[]>>();
/** Indexes turned inside out ahead of their first ranking (prepareIndex). */
const inverted = new WeakSet<ProjectIndex>();

/**
 * Terms searched for in every entry before the index is turned inside out: a ranking reads
 * ten or twenty terms, so one ranking of a fresh index (a command-line run) searches them
 * (well under a millisecond each on 1,500 files) rather than inverting every term of every
 * file (some 60 ms); rankings again and again on a kept index go on to the inversion.
 */
const SEARCHES = 64;

export function termPostings(index: ProjectIndex): TermPostings {
  let value = termCache.get(index);
  if (!value) {
    value = searchedTerms(index);
    termCache.set(index, value);
  }
  return value;
}

/** Postings found by a search of each entry's sorted terms, then by the inversion. */
function searchedTerms(index: ProjectIndex): TermPostings {
  const found = new Map<number, ReturnType<TermPostings['of']>>();
  let whole: TermPostings | null = null;
  return {
    of(hash) {
      if (whole) return whole.of(hash);
      const known = found.get(hash);
      if (known) return known;
      if (found.size >= SEARCHES) {
        whole = invertTerms(index);
        return whole.of(hash);
      }
      const posting = searchTerm(index, hash);
      found.set(hash, posting);
      return posting;
    },
  };
}

/** The files holding `hash`, as invertTerms lists them: each place the hash holds in a file. */
function searchTerm(index: ProjectIndex, hash: number): ReturnType<TermPostings['of']> {
  const files: number[] = [];
  const counts: number[] = [];
  index.files.forEach((file, at) => {
    const terms = file.terms;
    // The first place of the hash in the ascending terms, if any.
    let low = 0;
    let high = terms.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (terms[mid]! < hash) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < terms.length && terms[i] === hash; i++) {
      files.push(at);
      counts.push(file.counts[i]!);
    }
  });
  if (files.length === 0) return NONE;
  return { files: Uint32Array.from(files), counts: Uint16Array.from(counts) };
}

/** Files whose name or folders hold `word`, ascending. */
export function pathFiles(index: ProjectIndex, d: Derived, word: string): readonly number[] {
  let byWord = pathCache.get(index);
  if (!byWord) {
    byWord = invertPaths(index, d);
    pathCache.set(index, byWord);
  }
  return byWord.get(word) ?? [];
}

function invertTerms(index: ProjectIndex): TermPostings {
  // Two passes over every entry's terms: how many files hold each hash, then where they go.
  const slotOf = new Map<number, number>();
  const sizes: number[] = [];
  for (const file of index.files) {
    for (const hash of file.terms) {
      const slot = slotOf.get(hash);
      if (slot === undefined) {
        slotOf.set(hash, sizes.length);
        sizes.push(1);
      } else sizes[slot]!++;
    }
  }
  const starts = new Uint32Array(sizes.length + 1);
  for (let slot = 0; slot < sizes.length; slot++) starts[slot + 1] = starts[slot]! + sizes[slot]!;
  const files = new Uint32Array(starts[sizes.length]!);
  const counts = new Uint16Array(files.length);
  const filled = starts.slice(0, sizes.length);
  index.files.forEach((file, at) => {
    file.terms.forEach((hash, i) => {
      const slot = slotOf.get(hash)!;
      const to = filled[slot]!++;
      files[to] = at;
      counts[to] = file.counts[i]!;
    });
  });
  return {
    of(hash) {
      const slot = slotOf.get(hash);
      if (slot === undefined) return NONE;
      return {
        files: files.subarray(starts[slot], starts[slot + 1]),
        counts: counts.subarray(starts[slot], starts[slot + 1]),
      };
    },
  };
}

function invertPaths(index: ProjectIndex, d: Derived): Map<string, number[]> {
  const byWord = new Map<string, number[]>();
  for (let at = 0; at < index.files.length; at++) {
    for (const word of new Set([...d.names[at]!, ...d.folders[at]!])) {
      const list = byWord.get(word);
      if (list) list.push(at);
      else byWord.set(word, [at]);
    }
  }
  return byWord;
}

/**
 * Computes what a ranking derives from the index (roles, definers, resolved imports, the
 * postings) ahead of the first request: the worker does it as soon as an index is whole, so
 * that the first ranking the user waits for costs what any later one does.
 */
export function prepareIndex(index: ProjectIndex): void {
  if (!inverted.has(index)) {
    termCache.set(index, invertTerms(index));
    inverted.add(index);
  }
  pathFiles(index, derived(index), '');
}
