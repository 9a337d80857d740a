import { grown } from './grown';
import { identifierTermHashes } from './identifier-terms';
import { MAX_IDENTIFIER, termHash, termsOf } from './tokenize';

/**
 * The term scan's memory across texts (term-hash-counts.ts reads it): a table of the
 * identifiers met, each with the ids of its terms, and a table of those terms by hash, with
 * room beside each for its count in the text or window being counted. Kept in typed arrays, by
 * number: an object or a growing array per identifier was a large part of an index's build.
 * The scan reads the arrays below directly (they are replaced when they grow: read them
 * through this module's bindings, never keep one); only this module adds to them.
 */

/**
 * Identifiers met, across texts, in an open-addressed table looked up by a text's own
 * characters (no string cut per occurrence, none kept of the text): names repeat from file
 * to file, so most identifiers are split and hashed once per session. Bounded, cleared when
 * full, between two texts.
 */
const HASH_CACHE_MAX = 200_000;
const TABLE_SIZE = 1 << 19;
const TABLE_MASK = TABLE_SIZE - 1;
/**
 * Each slot two numbers: the identifier's key, and 1 + its number (0 when free); side by side,
 * so that a probe reads one line of memory before it reads an identifier.
 */
const slots = new Int32Array(TABLE_SIZE * 2);
/** Characters of the identifiers met, end to end. */
let pool = new Uint16Array(1 << 20);
let pooled = 0;

/**
 * Identifier k's numbers, side by side at info[k * KNOWN]: where its characters are in `pool`
 * and how many; where its term ids are in `termPool` and how many; its occurrences in the text
 * being counted and that text's serial (so that counts need no clearing); its occurrences in
 * the window being counted and that window's serial. One line of memory per occurrence.
 */
const KNOWN = 8;
const AT = 0;
const LENGTH = 1;
export const TERMS = 2;
export const TERM_COUNT = 3;
export const COUNT = 4;
export const TEXT = 5;
export const WINDOW_COUNT = 6;
export const WINDOW = 7;
let knowns = 0;
export let info = new Int32Array(KNOWN << 16);
export let termPool = new Int32Array(1 << 17);
let termPooled = 0;
/** One identifier's term hashes, at most one per character and its whole form. */
const splitHashes = new Uint32Array(MAX_IDENTIFIER + 1);

/**
 * Terms by hash: an id each (an open-addressed table of hash and 1 + id), its hash, its
 * count in the text (or window) being counted and that text's serial.
 */
let termMask = (1 << 16) - 1;
let termSlots = new Int32Array((termMask + 1) * 2);
let terms = 0;
export let termHashes = new Uint32Array(1 << 16);
export let termCounts = new Int32Array(1 << 16);
export let termTexts = new Int32Array(1 << 16);
/** Each term id's place in the sorted terms of the text last counted. */
export let termPlaces = new Int32Array(1 << 16);

/** Serials of texts and windows: never 0, the value of a slot not yet counted. */
let serials = 0;
export function nextSerial(): number {
  serials = (serials + 1) | 0;
  if (serials === 0) serials = 1;
  return serials;
}

/** Empties both tables once they hold HASH_CACHE_MAX identifiers: called between two texts. */
export function clearTableWhenFull(): void {
  if (knowns < HASH_CACHE_MAX) return;
  slots.fill(0);
  knowns = 0;
  pooled = 0;
  termPooled = 0;
  termSlots.fill(0);
  terms = 0;
}

function termId(hash: number): number {
  let slot = hash & termMask;
  for (let place = termSlots[slot * 2 + 1]!; place !== 0; place = termSlots[slot * 2 + 1]!) {
    if (termSlots[slot * 2] === (hash | 0)) return place - 1;
    slot = (slot + 1) & termMask;
  }
  const id = terms++;
  termSlots[slot * 2] = hash;
  termSlots[slot * 2 + 1] = id + 1;
  if (id === termHashes.length) {
    termHashes = grown(termHashes, id + 1);
    termCounts = grown(termCounts, id + 1);
    termTexts = grown(termTexts, id + 1);
    termPlaces = grown(termPlaces, id + 1);
  }
  termHashes[id] = hash;
  termTexts[id] = 0;
  if (terms * 2 > termMask) growTermSlots();
  return id;
}

/** The term table twice as large, its terms placed again (kept at most half full). */
function growTermSlots(): void {
  termMask = termMask * 2 + 1;
  termSlots = new Int32Array((termMask + 1) * 2);
  for (let id = 0; id < terms; id++) {
    const hash = termHashes[id]!;
    let slot = hash & termMask;
    while (termSlots[slot * 2 + 1] !== 0) slot = (slot + 1) & termMask;
    termSlots[slot * 2] = hash;
    termSlots[slot * 2 + 1] = id + 1;
  }
}

function addKnown(text: string, from: number, to: number, key: number, slot: number): number {
  const length = to - from;
  if (pooled + length > pool.length) pool = grown(pool, pooled + length);
  // Unicode's lower case of a string is its characters' one by one, but for a few, read apart.
  let plain = true;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(from + i);
    pool[pooled + i] = code;
    if (code >= 0x80 && (code === 0x130 || code === 0x3a3 || (code >= 0xd800 && code < 0xe000))) {
      plain = false;
    }
  }
  const k = knowns++;
  const base = k * KNOWN;
  if (base === info.length) info = grown(info, base + KNOWN);
  // An identifier has at most one term per character, and its whole form.
  if (termPooled + length + 1 > termPool.length)
    termPool = grown(termPool, termPooled + length + 1);
  let count = 0;
  if (plain) count = splitTerms(pooled, length, termPooled);
  else {
    for (const term of termsOf(text.slice(from, to))) {
      termPool[termPooled + count++] = termId(termHash(term));
    }
  }
  info[base + AT] = pooled;
  info[base + LENGTH] = length;
  info[base + TERMS] = termPooled;
  info[base + TERM_COUNT] = count;
  info[base + TEXT] = 0;
  info[base + WINDOW] = 0;
  pooled += length;
  termPooled += count;
  slots[slot * 2] = key;
  slots[slot * 2 + 1] = k + 1;
  return k;
}

/**
 * tokenize.ts's terms of the identifier at pool[at, at + length), their ids written to
 * termPool from `into`; their number returned.
 */
function splitTerms(at: number, length: number, into: number): number {
  const count = identifierTermHashes(pool, at, length, splitHashes);
  for (let i = 0; i < count; i++) termPool[into + i] = termId(splitHashes[i]!);
  return count;
}

/** Where in `info` the table's identifier at text[from, to) of FNV-1a `key`, added when new. */
export function known(text: string, from: number, to: number, key: number): number {
  const length = to - from;
  let slot = key & TABLE_MASK;
  for (let place = slots[slot * 2 + 1]!; place !== 0; place = slots[slot * 2 + 1]!) {
    const base = (place - 1) * KNOWN;
    if (slots[slot * 2] === key && info[base + LENGTH] === length) {
      const at = info[base + AT]!;
      let i = 0;
      while (i < length && pool[at + i] === text.charCodeAt(from + i)) i++;
      if (i === length) return base;
    }
    slot = (slot + 1) & TABLE_MASK;
  }
  return addKnown(text, from, to, key, slot) * KNOWN;
}
