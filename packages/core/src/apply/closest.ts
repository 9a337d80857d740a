import { diffWordsWithSpace } from 'diff';
import type { Lines } from './text';
import type { ClosestLines, ClosestWord } from './types';

/**
 * The nearest region of a file to what a failed block looked for, by similarity, in time
 * near-linear in file and block (decision 090). Each of the block's lines votes for the
 * windows that would align it with file lines sharing its text or one of its words (rare
 * words first, within a budget of votes); the few best windows are compared word by word,
 * and the most similar one is the answer. It is a hint for the user and the model: it is
 * never applied.
 */

/** Votes cast in all (a block of common lines in a large file stops here). */
const MAX_VOTES = 200_000;
/** A word or line found more often than this in the file says little about where the block is. */
const MAX_OCCURRENCES = 2_000;
/** Keys (a line or a word of the block, with the file lines that hold it) gathered at most. */
const MAX_KEYS = 20_000;
/** Lines of the block read for keys at most (a block of one line repeated gives none). */
const MAX_BLOCK_LINES = 20_000;
/** Windows weighed by the words they share with the block. */
const COMPARED = 4;
/**
 * Beyond this many characters on both sides together, the region is not diffed as one text
 * but line by line: a word diff costs characters × edits, which a block of a few hundred lines
 * that all differ a little turned into a second per hint, and minutes per answer.
 */
const MAX_DIFF_CHARS = 4_000;
/** Word-level edits the diff of a whole region may need before it gives up. */
const MAX_WORD_EDITS = 500;
/** A line pair longer than this is marked whole rather than diffed word by word. */
const MAX_LINE_DIFF_CHARS = 1_000;
/** Word-level edits the diff of one line pair may need before it gives up. */
const MAX_LINE_WORD_EDITS = 64;
/** Below this, the region is too unlike the block to help. */
export const MIN_SIMILARITY = 0.4;

const WORD = /[\p{L}\p{N}_]+/gu;

interface FileIndex {
  /** Trimmed line → its indexes. */
  lines: Map<string, number[]>;
  /** Word → the indexes of the lines holding it (once per line). */
  words: Map<string, number[]>;
}

/** Files while their blocks fail one after another keep the same lines array: one index each. */
const indexes = new WeakMap<Lines, FileIndex>();

const push = (map: Map<string, number[]>, key: string, index: number) => {
  const list = map.get(key);
  if (!list) map.set(key, [index]);
  else if (list.at(-1) !== index) list.push(index);
};

function fileIndex(lines: Lines): FileIndex {
  let index = indexes.get(lines);
  if (index) return index;
  index = { lines: new Map(), words: new Map() };
  for (let k = 0; k < lines.texts.length; k++) {
    const text = lines.texts[k]!;
    const trimmed = text.trim();
    if (trimmed === '') continue;
    push(index.lines, trimmed, k);
    for (const [word] of text.matchAll(WORD)) push(index.words, word, k);
  }
  indexes.set(lines, index);
  return index;
}

/** Characters that are not white space: what the similarity weighs. */
const weight = (text: string) => text.replace(/\s+/g, '').length;

/** A word-level diff of `expected` against `found`, neighbouring runs of one kind merged. */
function wordDiff(expected: string, found: string): ClosestWord[] | null {
  if (expected.length + found.length > MAX_DIFF_CHARS) return null;
  const changes = diffWordsWithSpace(expected, found, { maxEditLength: MAX_WORD_EDITS });
  if (!changes) return null;
  const words: ClosestWord[] = [];
  for (const change of changes) {
    const kind = change.removed ? 'expected' : change.added ? 'found' : 'same';
    const last = words.at(-1);
    if (last?.kind === kind) last.text += change.value;
    else words.push({ kind, text: change.value });
  }
  return words;
}

/**
 * For regions too large for one word diff: the block's lines against the window's, pair by
 * pair, each differing pair diffed word by word (short lines) or marked whole. Linear in the
 * region's size.
 */
function alignedDiff(wanted: readonly string[], window: readonly string[]): ClosestWord[] {
  const words: ClosestWord[] = [];
  const add = (kind: ClosestWord['kind'], text: string) => {
    if (text === '') return;
    const last = words.at(-1);
    if (last?.kind === kind) last.text += text;
    else words.push({ kind, text });
  };
  const count = Math.max(wanted.length, window.length);
  for (let j = 0; j < count; j++) {
    const [want, have] = [wanted[j], window[j]];
    const end = j < count - 1 ? '\n' : '';
    if (want !== undefined && have !== undefined && want.trim() === have.trim()) {
      add('same', have + end);
      continue;
    }
    const pair =
      want !== undefined && have !== undefined && want.length + have.length <= MAX_LINE_DIFF_CHARS
        ? diffWordsWithSpace(want, have, { maxEditLength: MAX_LINE_WORD_EDITS })
        : undefined;
    if (pair) {
      for (const change of pair)
        add(change.removed ? 'expected' : change.added ? 'found' : 'same', change.value);
      add('same', end);
    } else {
      if (want !== undefined) add('expected', want + (have === undefined ? end : ''));
      if (have !== undefined) add('found', have + end);
    }
  }
  return words;
}

/** Word counts of some lines, for a quick likeness of two regions. */
function wordCounts(lines: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines)
    for (const [word] of line.matchAll(WORD)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** Characters of the words two regions share, over all their words' characters: linear. */
function roughSimilarity(wanted: ReadonlyMap<string, number>, window: readonly string[]): number {
  let same = 0;
  let total = 0;
  for (const [word, count] of wanted) total += word.length * count;
  for (const [word, count] of wordCounts(window)) {
    total += word.length * count;
    same += 2 * word.length * Math.min(count, wanted.get(word) ?? 0);
  }
  return total === 0 ? 0 : same / total;
}

function similarity(words: readonly ClosestWord[]): number {
  let same = 0;
  let total = 0;
  for (const word of words) {
    const chars = weight(word.text);
    total += word.kind === 'same' ? 2 * chars : chars;
    if (word.kind === 'same') same += 2 * chars;
  }
  return total === 0 ? 0 : same / total;
}

/** Window starts ranked by votes, best first (ties: the earlier). */
function rankWindows(index: FileIndex, wanted: readonly string[]): number[] {
  const votes = new Map<number, number>();
  // Each line of the block casts at most one vote per file line: a whole line counts 1, a
  // word its share of the line's words. Rare keys first, so a budget cut drops common ones.
  // Keys found too often are left out at once, and a block of many lines is read only
  // until it has given enough keys.
  const keys: { offset: number; at: number[]; value: number }[] = [];
  const useful = (at: number[] | undefined): at is number[] =>
    at !== undefined && at.length <= MAX_OCCURRENCES;
  // A line whose text gave no key gives none again: it is not read twice.
  const barren = new Set<string>();
  const lines = Math.min(wanted.length, MAX_BLOCK_LINES);
  for (let offset = 0; offset < lines && keys.length < MAX_KEYS; offset++) {
    const text = wanted[offset]!;
    const trimmed = text.trim();
    if (trimmed === '' || barren.has(text)) continue;
    const found = keys.length;
    const same = index.lines.get(trimmed);
    if (useful(same)) keys.push({ offset, at: same, value: 1 });
    const words = [...new Set(Array.from(text.matchAll(WORD), ([word]) => word))];
    for (const word of words) {
      const at = index.words.get(word);
      if (useful(at)) keys.push({ offset, at, value: 1 / words.length });
    }
    if (keys.length === found) barren.add(text);
  }
  keys.sort((a, b) => a.at.length - b.at.length);
  let budget = MAX_VOTES;
  for (const { offset, at, value } of keys) {
    if (at.length > budget) break;
    budget -= at.length;
    for (const line of at) votes.set(line - offset, (votes.get(line - offset) ?? 0) + value);
  }
  return [...votes]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, COMPARED)
    .map(([start]) => start);
}

/**
 * The window of `lines` most like `wanted` (the lines a failed block looked for), with a
 * word-level diff of the two; null when nothing in the file is near enough.
 */
export function closestLines(lines: Lines, wanted: readonly string[]): ClosestLines | null {
  if (lines.texts.length === 0 || wanted.every((text) => text.trim() === '')) return null;
  const expected = wanted.join('\n');
  const counts = wordCounts(wanted);
  // The few windows the votes chose are weighed by their shared words, and only the most
  // alike is diffed: a diff is the costly step.
  let best: { start: number; end: number; rough: number } | null = null;
  for (const at of rankWindows(fileIndex(lines), wanted)) {
    const start = Math.max(0, at);
    const end = Math.min(lines.texts.length, at + wanted.length);
    if (end <= start) continue;
    const rough = roughSimilarity(counts, lines.texts.slice(start, end));
    if (best === null || rough > best.rough) best = { start, end, rough };
  }
  if (best === null) return null;
  const window = lines.texts.slice(best.start, best.end);
  const text = window.join('\n');
  const words = wordDiff(expected, text) ?? alignedDiff(wanted, window);
  const score = similarity(words);
  return score >= MIN_SIMILARITY
    ? {
        startLine: best.start + 1,
        endLine: best.end,
        text,
        similarity: Math.round(score * 1000) / 1000,
        words,
      }
    : null;
}
