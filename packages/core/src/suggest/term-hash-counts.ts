import { MAX_IDENTIFIER, termHash, termsOf } from './tokenize';
import type { FilePassages } from './types';

/**
 * The index's scan of a file's text (tokenize.ts's terms, hashed), kept apart from the words'
 * rules for its state: a table of the identifiers met across texts, and the ids of their terms.
 */

/**
 * An identifier met, across files: where its characters are kept in `pool`, the ids of its
 * terms, and its occurrences in the text being counted.
 */
interface Known {
  at: number;
  length: number;
  terms: Int32Array;
  count: number;
  /** The text this `count` belongs to (a serial, so that counts need no clearing). */
  text: number;
  /** Occurrences in the window being counted, and that window's serial. */
  windowCount: number;
  window: number;
}

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
 * Each slot two numbers: the identifier's key, and 1 + its place in `knowns` (0 when free);
 * side by side, so that a probe reads one line of memory before it reads an identifier.
 */
const slots = new Int32Array(TABLE_SIZE * 2);
let knowns: Known[] = [];
let pool = new Uint16Array(1 << 20);
let pooled = 0;
/** Terms by hash: an id each, its hash, and its count in the text being counted. */
let termIds = new Map<number, number>();
let termHashes: number[] = [];
let termCounts: number[] = [];
let termTexts: number[] = [];
let textSerial = 0;

function clearKnown(): void {
  slots.fill(0);
  knowns = [];
  pooled = 0;
  termIds = new Map();
  termHashes = [];
  termCounts = [];
  termTexts = [];
}

function termId(hash: number): number {
  let id = termIds.get(hash);
  if (id === undefined) {
    id = termHashes.length;
    termIds.set(hash, id);
    termHashes.push(hash);
    termCounts.push(0);
    termTexts.push(0);
  }
  return id;
}

/** The table's identifier at text[from, to) of FNV-1a `key`, added when new. */
function knownAt(text: string, from: number, to: number, key: number): Known {
  const length = to - from;
  let slot = key & TABLE_MASK;
  for (let place = slots[slot * 2 + 1]!; place !== 0; place = slots[slot * 2 + 1]!) {
    const known = slots[slot * 2] === key ? knowns[place - 1]! : null;
    if (known && known.length === length) {
      const at = known.at;
      let i = 0;
      while (i < length && pool[at + i] === text.charCodeAt(from + i)) i++;
      if (i === length) return known;
    }
    slot = (slot + 1) & TABLE_MASK;
  }
  if (pooled + length > pool.length) {
    const grown = new Uint16Array(pool.length * 2);
    grown.set(pool);
    pool = grown;
  }
  for (let i = 0; i < length; i++) pool[pooled + i] = text.charCodeAt(from + i);
  const split = termsOf(text.slice(from, to));
  const terms = new Int32Array(split.length);
  for (let i = 0; i < split.length; i++) terms[i] = termId(termHash(split[i]!));
  const known: Known = {
    at: pooled,
    length,
    terms,
    count: 0,
    text: 0,
    windowCount: 0,
    window: 0,
  };
  pooled += length;
  knowns.push(known);
  slots[slot * 2] = key;
  slots[slot * 2 + 1] = knowns.length;
  return known;
}

/** `[A-Za-z_$\u00C0-\uFFFF]`: where an identifier starts (IDENTIFIER's first class). */
function startsIdentifier(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    code === 95 ||
    code === 36 ||
    code >= 0xc0
  );
}

/** `[\w$\u00C0-\uFFFF]`: what an identifier goes on with (IDENTIFIER's second class). */
function continuesIdentifier(code: number): boolean {
  return startsIdentifier(code) || (code >= 48 && code <= 57);
}

/** A text's distinct terms are fewer than this: a sort key holds a hash and a place below it. */
const PLACES = 2 ** 20;

/**
 * Term hash occurrences of a text (the index's side of countTerms): the same terms, hashed,
 * without a string per term. `terms` ascending, `counts` beside them (at most 0xffff), and
 * `length` the number of occurrences (BM25's document length). Scans IDENTIFIER's matches by
 * hand and counts each distinct identifier before its terms: a match object, a string and
 * map updates per occurrence were most of an index's build. With `windowLines`, the same scan
 * also counts each window of that many lines: a text of more than one gets its `passages`.
 */
export function termHashCounts(
  text: string,
  windowLines = 0,
): { terms: Uint32Array; counts: Uint16Array; length: number; passages?: FilePassages } {
  if (knowns.length >= HASH_CACHE_MAX) clearKnown();
  const serial = ++textSerial;
  const met: Known[] = [];
  const windows: Window[] = [];
  let window: Window = { knowns: [], counts: [], serial: ++windowSerial };
  const end = text.length;
  let line = 0;
  let at = 0;
  while (at < end) {
    const code = text.charCodeAt(at);
    if (!startsIdentifier(code)) {
      // A newline ending a window's last line opens the next window, if any text follows.
      if (code === 10 && windowLines && ++line % windowLines === 0 && at + 1 < end) {
        windows.push(closed(window));
        window = { knowns: [], counts: [], serial: ++windowSerial };
      }
      at++;
      continue;
    }
    const from = at;
    let key = Math.imul(0x811c9dc5 ^ text.charCodeAt(at++), 0x01000193);
    while (at < end) {
      const code = text.charCodeAt(at);
      if (!continuesIdentifier(code)) break;
      key = Math.imul(key ^ code, 0x01000193);
      at++;
    }
    if (at - from > MAX_IDENTIFIER) continue;
    const known = knownAt(text, from, at, key);
    if (known.text !== serial) {
      known.text = serial;
      known.count = 0;
      met.push(known);
    }
    known.count++;
    if (windowLines) {
      if (known.window !== window.serial) {
        known.window = window.serial;
        known.windowCount = 0;
        window.knowns.push(known);
      }
      known.windowCount++;
    }
  }
  let length = 0;
  const ids: number[] = [];
  for (const { terms, count } of met) {
    addTerms(terms, count, serial, ids);
    length += terms.length * count;
  }
  const keys = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) keys[i] = termHashes[ids[i]!]! * PLACES + i;
  keys.sort();
  const terms = new Uint32Array(ids.length);
  const counts = new Uint16Array(ids.length);
  if (termPlaces.length < termHashes.length) termPlaces = new Int32Array(termHashes.length * 2);
  for (let i = 0; i < keys.length; i++) {
    const hash = Math.floor(keys[i]! / PLACES);
    const id = ids[keys[i]! - hash * PLACES]!;
    terms[i] = hash;
    counts[i] = Math.min(termCounts[id]!, 0xffff);
    termPlaces[id] = i;
  }
  if (windows.length === 0) return { terms, counts, length };
  windows.push(closed(window));
  return { terms, counts, length, passages: passagesOf(windows, terms.length) };
}

/**
 * Adds `count` occurrences of an identifier's terms to the text numbered `serial`: a term met
 * for the first time in it starts from zero and joins `ids`.
 */
function addTerms(terms: Int32Array, count: number, serial: number, ids: number[]): void {
  for (const id of terms) {
    if (termTexts[id] !== serial) {
      termTexts[id] = serial;
      termCounts[id] = 0;
      ids.push(id);
    }
    termCounts[id] = termCounts[id]! + count;
  }
}

/** A window's identifiers and their counts in it. */
interface Window {
  knowns: Known[];
  counts: number[];
  serial: number;
}

let windowSerial = 0;
/** Each term id's place in the sorted terms of the text last counted. */
let termPlaces = new Int32Array(1 << 16);

/** A window done: its identifiers' counts read before the next window counts them again. */
function closed(window: Window): Window {
  for (const known of window.knowns) window.counts.push(known.windowCount);
  return window;
}

/**
 * The windows' terms by term: for the text's term i, the windows holding it (ascending) and
 * its count in each (at most 255: past that, BM25 gains nothing), and each window's length.
 */
function passagesOf(windows: readonly Window[], termCount: number): FilePassages {
  const places: number[] = [];
  const pairs: number[] = [];
  const lengths = new Uint32Array(windows.length);
  windows.forEach(({ knowns: met, counts: metCounts }, passage) => {
    const serial = ++textSerial;
    const ids: number[] = [];
    met.forEach(({ terms }, k) => {
      const count = metCounts[k]!;
      addTerms(terms, count, serial, ids);
      lengths[passage] = lengths[passage]! + terms.length * count;
    });
    for (const id of ids) {
      places.push(termPlaces[id]!);
      pairs.push(passage, Math.min(termCounts[id]!, 0xff));
    }
  });
  const starts = new Uint32Array(termCount + 1);
  for (const place of places) starts[place + 1]!++;
  for (let i = 0; i < termCount; i++) starts[i + 1]! += starts[i]!;
  const filled = starts.slice(0, termCount);
  const ids = new Uint16Array(places.length);
  const counts = new Uint8Array(places.length);
  places.forEach((place, k) => {
    const to = filled[place]!++;
    ids[to] = pairs[2 * k]!;
    counts[to] = pairs[2 * k + 1]!;
  });
  return { lengths, starts, ids, counts };
}
