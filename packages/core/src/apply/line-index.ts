import { knuthMorrisPratt, patternIds, spend, type SearchBudget } from './line-search';
import type { Lines } from './text';

/**
 * A file's lines numbered by their key (the text, the text without trailing spaces, or
 * trimmed), with every line of each key listed: built once per file version and matching
 * level, so that a block is found in time proportional to its own length and to how often
 * its rarest line occurs, not to the file's length. A block that misses (a line of it is
 * nowhere in the file) costs only its own lines; the many blocks of a long answer that fail
 * so stay cheap.
 */
export interface KeyedLines {
  /**
   * Key → its number. A version made by an edit shares this map with the one it came from:
   * numbers past `first`'s end are keys of other versions, none of this one's lines.
   */
  idOf: Map<string, number>;
  /** Each file line's key number. */
  ids: Int32Array;
  /** `positions[first[id] .. first[id + 1])`: the lines of key `id`, in order. */
  first: Int32Array;
  positions: Int32Array;
}

export type LineKey = 'exact' | 'trimEnd' | 'trim';

export const KEYS: Record<LineKey, (text: string) => string> = {
  exact: (text) => text,
  trimEnd: (text) => text.trimEnd(),
  trim: (text) => text.trim(),
};

/** One index per lines array (a file version) and key: blocks that fail leave the array as it is. */
const built = new WeakMap<Lines, Map<LineKey, KeyedLines>>();

/** How an edit made a version from the one before: the indexes that one had, and the splice. */
interface Derivation {
  from: Map<LineKey, KeyedLines>;
  at: number;
  removed: number;
  added: number;
}
const derived = new WeakMap<Lines, Derivation>();

/**
 * `lines` with `removed` lines at `at` replaced by `inserted`, as an edit makes a file's next
 * version. The new version's index is then built from the old one's: only the inserted lines
 * are keyed, where keying every line of every version was most of a large answer's plan.
 */
export function spliceLines(lines: Lines, at: number, removed: number, inserted: Lines): Lines {
  const { texts, eols } = lines;
  const end = at + removed;
  const added = inserted.texts.length;
  const newEols = new Uint8Array(texts.length - removed + added);
  newEols.set(eols.subarray(0, at));
  newEols.set(inserted.eols, at);
  newEols.set(eols.subarray(end), at + added);
  const result: Lines = {
    texts: texts.slice(0, at).concat(inserted.texts, texts.slice(end)),
    eols: newEols,
    kept: keptAround(lines.kept, at, end, added - removed),
    read: lines.read,
  };
  const from = built.get(lines);
  if (from) derived.set(result, { from, at, removed, added });
  return result;
}

/**
 * The runs of kept lines (text.ts) outside lines at..end, those after it moved by `shift`:
 * the inserted lines are lines an edit wrote.
 */
function keptAround(kept: Int32Array, at: number, end: number, shift: number): Int32Array {
  const runs: number[] = [];
  for (let r = 0; r < kept.length; r += 3) {
    const start = kept[r]!;
    const from = kept[r + 1]!;
    const stop = start + kept[r + 2]!;
    if (start < at) runs.push(start, from, Math.min(stop, at) - start);
    const rest = Math.max(start, end);
    if (rest < stop) runs.push(rest + shift, from + rest - start, stop - rest);
  }
  return Int32Array.from(runs);
}

/** A version's keys share their numbers with the version it came from, up to this many. */
const sharedKeys = (lines: number) => 4 * lines + 1_024;

function keyIds(lines: Lines, by: LineKey): { idOf: Map<string, number>; ids: Int32Array } {
  const keyOf = KEYS[by];
  const base = derived.get(lines);
  const parent = base?.from.get(by);
  const fresh = !parent || parent.idOf.size > sharedKeys(lines.texts.length);
  const idOf = fresh ? new Map<string, number>() : parent.idOf;
  const { texts } = lines;
  const ids = new Int32Array(texts.length);
  const fromLine = base && !fresh ? base.at : 0;
  const toLine = base && !fresh ? base.at + base.added : texts.length;
  // Loops without a callback per line: the first plan runs before the optimizing compiler,
  // where a call per line of every file was a large part of the index.
  if (by === 'exact')
    for (let k = fromLine; k < toLine; k++) {
      const text = texts[k]!;
      let id = idOf.get(text);
      if (id === undefined) idOf.set(text, (id = idOf.size));
      ids[k] = id;
    }
  else
    for (let k = fromLine; k < toLine; k++) {
      const text = keyOf(texts[k]!);
      let id = idOf.get(text);
      if (id === undefined) idOf.set(text, (id = idOf.size));
      ids[k] = id;
    }
  if (fresh) return { idOf, ids };
  const { at, removed, added } = base!;
  ids.set(parent.ids.subarray(0, at), 0);
  ids.set(parent.ids.subarray(at + removed), at + added);
  return { idOf, ids };
}

/** The index of `lines` by `key`, paid for from the budget once (null: the budget is spent). */
export function keyedLines(lines: Lines, key: LineKey, budget: SearchBudget): KeyedLines | null {
  let byKey = built.get(lines);
  const known = byKey?.get(key);
  if (known) return known;
  // A version scanned once has paid for its exact keys already.
  if (!(key === 'exact' && scanned.has(lines)) && !spend(budget, lines.texts.length)) return null;
  const { idOf, ids } = keyIds(lines, key);
  // Keys numbered later (by versions made since) are not this version's.
  const keys = idOf.size;
  const first = new Int32Array(keys + 1);
  for (let k = 0; k < ids.length; k++) first[ids[k]! + 1]!++;
  for (let id = 0; id < keys; id++) first[id + 1]! += first[id]!;
  const next = first.slice(0, keys);
  const positions = new Int32Array(ids.length);
  for (let k = 0; k < ids.length; k++) positions[next[ids[k]!]!++] = k;
  const index = { idOf, ids, first, positions };
  if (!byKey) built.set(lines, (byKey = new Map<LineKey, KeyedLines>()));
  byKey.set(key, index);
  return index;
}

/** Versions searched once at the exact level, by a scan, without an index. */
const scanned = new WeakSet<Lines>();

/**
 * `findIndexed` at the exact level, with the same results and the same spending. Most file
 * versions are searched once (an edit that applies makes the next version), so the first
 * search of a version scans its lines against the pattern's few keys instead of keying every
 * line into an index: no map of all the file's texts to grow (most of a large answer's
 * garbage) and no counting passes. A version searched again is indexed, so that the many
 * blocks of an answer that miss one file still cost only their own lines.
 */
export function findExact(
  lines: Lines,
  pattern: readonly string[],
  budget: SearchBudget,
): number[] | null {
  if (built.get(lines)?.has('exact') || scanned.has(lines)) {
    const index = keyedLines(lines, 'exact', budget);
    return index && findIndexed(index, pattern, budget);
  }
  const { texts } = lines;
  if (!spend(budget, texts.length)) return null;
  scanned.add(lines);
  const m = pattern.length;
  const n = texts.length;
  if (!spend(budget, m)) return null;
  if (m === 0) return Array.from({ length: n + 1 }, (_, at) => at);
  if (m > n) return [];
  const { ids: idOf, wanted } = patternIds(pattern);
  // Each line's pattern key (-1: a text the pattern does not hold), and each key's count.
  const ids = new Int32Array(n);
  const counts = new Int32Array(idOf.size);
  for (let k = 0; k < n; k++) {
    const id = idOf.get(texts[k]!);
    if (id === undefined) ids[k] = -1;
    else {
      ids[k] = id;
      counts[id]!++;
    }
  }
  let rarest = 0;
  let fewest = Infinity;
  for (let j = 0; j < m; j++) {
    const count = counts[wanted[j]!]!;
    if (count === 0) return [];
    if (count < fewest) {
      fewest = count;
      rarest = j;
    }
  }
  if (fewest * m <= n) {
    if (!spend(budget, fewest * m)) return null;
    const found: number[] = [];
    const id = wanted[rarest]!;
    for (let k = 0; k < n; k++) {
      if (ids[k] !== id) continue;
      const at = k - rarest;
      if (at < 0 || at + m > n) continue;
      let j = 0;
      while (j < m && ids[at + j] === wanted[j]) j++;
      if (j === m) found.push(at);
    }
    return found;
  }
  if (!spend(budget, n)) return null;
  return knuthMorrisPratt(ids, wanted);
}

/** How many lines have the key `text` (its number may be shared with other versions). */
function countOf(index: KeyedLines, text: string): { id: number; count: number } | null {
  const id = index.idOf.get(text);
  if (id === undefined || id >= index.first.length - 1) return null;
  return { id, count: index.first[id + 1]! - index.first[id]! };
}

/** Whether some line of the indexed version has the key `text`. */
export const holdsKey = (index: KeyedLines, text: string) => (countOf(index, text)?.count ?? 0) > 0;

/**
 * Every index `at` where the file's line `at + j` has the key `pattern[j]` for all j, in
 * increasing order (an empty pattern matches at every index). The starts the rarest line
 * of the pattern allows are checked one by one when that is cheaper than Knuth–Morris–Pratt
 * over the whole file, which is used otherwise. Null when the budget does not cover it.
 */
export function findIndexed(
  index: KeyedLines,
  pattern: readonly string[],
  budget: SearchBudget,
): number[] | null {
  const m = pattern.length;
  const n = index.ids.length;
  if (!spend(budget, m)) return null;
  if (m === 0) return Array.from({ length: n + 1 }, (_, at) => at);
  if (m > n) return [];
  const wanted = new Int32Array(m);
  let rarest = 0;
  let fewest = Infinity;
  for (let j = 0; j < m; j++) {
    const known = countOf(index, pattern[j]!);
    if (known === null) return [];
    const { id, count } = known;
    wanted[j] = id;
    if (count < fewest) [fewest, rarest] = [count, j];
  }
  if (fewest * m <= n) {
    if (!spend(budget, fewest * m)) return null;
    const found: number[] = [];
    const id = wanted[rarest]!;
    for (let p = index.first[id]!; p < index.first[id + 1]!; p++) {
      const at = index.positions[p]! - rarest;
      if (at < 0 || at + m > n) continue;
      let j = 0;
      while (j < m && index.ids[at + j] === wanted[j]) j++;
      if (j === m) found.push(at);
    }
    return found;
  }
  if (!spend(budget, n)) return null;
  return knuthMorrisPratt(index.ids, wanted);
}
