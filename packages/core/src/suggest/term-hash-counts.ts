import { grown } from './grown';
import {
  COUNT,
  TERM_COUNT,
  TERMS,
  TEXT,
  WINDOW,
  WINDOW_COUNT,
  clearTableWhenFull,
  info,
  known,
  nextSerial,
  termCounts,
  termHashes,
  termPlaces,
  termPool,
  termTexts,
} from './identifier-table';
import type { TextHashState } from '../tokens/text-hash';
import { sortKeys } from './sort-keys';
import { MAX_IDENTIFIER } from './tokenize';
import type { FilePassages } from './types';

/**
 * The index's scan of a file's text (tokenize.ts's terms, hashed): its identifiers found by
 * hand and looked up in identifier-table.ts (split into terms the first time the session meets
 * one), each distinct identifier's terms counted once per text, then sorted by hash
 * (sort-keys.ts). Everything is kept in typed arrays, by number: the scan is most of an index's
 * build, and an object or a growing array per identifier, per text or per window was a large
 * part of it (the collector's share above all).
 */

/**
 * What each character code is to IDENTIFIER: 1 where one starts (`[A-Za-z_$\u00C0-\uFFFF]`),
 * 2 where one only goes on (a digit, `[\w$\u00C0-\uFFFF]` less the first class), 0 elsewhere.
 */
const CHARACTER = new Uint8Array(0x10000);
CHARACTER.fill(1, 0xc0);
CHARACTER.fill(1, 65, 91);
CHARACTER.fill(1, 97, 123);
CHARACTER[95] = 1;
CHARACTER[36] = 1;
CHARACTER.fill(2, 48, 58);

/** A text's distinct terms are fewer than this: a sort key holds a hash and a place below it. */
const PLACES = 2 ** 20;

/**
 * Scratch lists of a count, reused from text to text: the identifiers met in the text; the
 * windows' identifiers end to end (each window's from where the last one's ends) and their
 * counts; the term ids met; the passages' (term place, passage, count) triples.
 */
let met = new Int32Array(1 << 14);
let windowKnowns = new Int32Array(1 << 14);
let windowCounts = new Int32Array(1 << 14);
let windowEnds = new Int32Array(1 << 10);
let ids = new Int32Array(1 << 14);
let pairPlaces = new Int32Array(1 << 14);
let pairPassages = new Int32Array(1 << 14);
let pairCounts = new Int32Array(1 << 14);
/** The sort's keys (a hash and a place below it), and the text's term ids and counts sorted. */
let keys = new Float64Array(1 << 14);
let sortedIds = new Int32Array(1 << 14);
let sortedCounts = new Int32Array(1 << 14);
/** Each window's length, and the windows of each term (counted, then where to write next). */
let passageLengths = new Uint32Array(1 << 10);
let runs = new Int32Array(1 << 14);

/**
 * Term hash occurrences of a text (the index's side of countTerms): the same terms, hashed,
 * without a string per term. `terms` ascending, `counts` beside them (at most 0xffff), and
 * `length` the number of occurrences (BM25's document length). Scans IDENTIFIER's matches by
 * hand and counts each distinct identifier before its terms: a match object, a string and
 * map updates per occurrence were most of an index's build. With `windowLines`, the same scan
 * also counts each window of that many lines: a text of more than one gets its `passages`.
 * `hash` is cyrb53's state after the text (core's hashText, read in the same loop), for
 * continueTextHash: a text counted is not read again to be hashed.
 */
export function termHashCounts(
  text: string,
  windowLines = 0,
): {
  terms: Uint32Array;
  counts: Uint16Array;
  length: number;
  passages?: FilePassages;
  hash: TextHashState;
} {
  clearTableWhenFull();
  const serial = nextSerial();
  let metCount = 0;
  let entries = 0;
  let windows = 0;
  let window = nextSerial();
  const end = text.length;
  let line = 0;
  let at = 0;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  while (at < end) {
    const code = text.charCodeAt(at);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
    if (CHARACTER[code] !== 1) {
      // A newline ending a window's last line opens the next window, if any text follows.
      if (code === 10 && windowLines && ++line % windowLines === 0 && at + 1 < end) {
        if (windows === windowEnds.length) windowEnds = grown(windowEnds, windows + 1);
        closeWindow(windows === 0 ? 0 : windowEnds[windows - 1]!, entries);
        windowEnds[windows++] = entries;
        window = nextSerial();
      }
      at++;
      continue;
    }
    const from = at;
    let key = Math.imul(0x811c9dc5 ^ code, 0x01000193);
    while (++at < end) {
      const next = text.charCodeAt(at);
      if (CHARACTER[next] === 0) break;
      key = Math.imul(key ^ next, 0x01000193);
      h1 = Math.imul(h1 ^ next, 2654435761);
      h2 = Math.imul(h2 ^ next, 1597334677);
    }
    if (at - from > MAX_IDENTIFIER) continue;
    const k = known(text, from, at, key);
    if (info[k + TEXT] !== serial) {
      info[k + TEXT] = serial;
      info[k + COUNT] = 0;
      if (metCount === met.length) met = grown(met, metCount + 1);
      met[metCount++] = k;
    }
    info[k + COUNT]!++;
    if (windowLines) {
      if (info[k + WINDOW] !== window) {
        info[k + WINDOW] = window;
        info[k + WINDOW_COUNT] = 0;
        if (entries === windowKnowns.length) {
          windowKnowns = grown(windowKnowns, entries + 1);
          windowCounts = grown(windowCounts, entries + 1);
        }
        windowKnowns[entries++] = k;
      }
      info[k + WINDOW_COUNT]!++;
    }
  }
  const hash = { h1, h2, length: end };
  let length = 0;
  let idCount = 0;
  for (let m = 0; m < metCount; m++) {
    const k = met[m]!;
    const count = info[k + COUNT]!;
    idCount = addTerms(k, count, serial, idCount);
    length += info[k + TERM_COUNT]! * count;
  }
  if (keys.length < idCount) keys = new Float64Array(Math.max(idCount, keys.length * 2));
  for (let i = 0; i < idCount; i++) keys[i] = termHashes[ids[i]!]! * PLACES + i;
  sortKeys(keys, 0, idCount);
  if (sortedIds.length < idCount) {
    sortedIds = grown(sortedIds, idCount);
    sortedCounts = grown(sortedCounts, idCount);
  }
  for (let i = 0; i < idCount; i++) {
    const hash = Math.floor(keys[i]! / PLACES);
    const id = ids[keys[i]! - hash * PLACES]!;
    sortedIds[i] = id;
    sortedCounts[i] = Math.min(termCounts[id]!, 0xffff);
    termPlaces[id] = i;
  }
  let pairs = 0;
  if (windows > 0) {
    if (windows === windowEnds.length) windowEnds = grown(windowEnds, windows + 1);
    closeWindow(windowEnds[windows - 1]!, entries);
    windowEnds[windows++] = entries;
    pairs = countPassages(windows, idCount);
  }
  // One buffer's room for all of a text's arrays: allocating the memory of a typed array is
  // what costs, more than its view, and a text had up to eight.
  const n = idCount;
  const wide = 4 * (n + (windows > 0 ? windows + n + 1 : 0));
  const base = carve(wide + 2 * (n + pairs) + pairs);
  const buffer = carved;
  const terms = new Uint32Array(buffer, base, n);
  const counts = new Uint16Array(buffer, base + wide, n);
  for (let i = 0; i < n; i++) {
    terms[i] = termHashes[sortedIds[i]!]!;
    counts[i] = sortedCounts[i]!;
  }
  if (windows === 0) return { terms, counts, length, hash };
  const lengths = new Uint32Array(buffer, base + 4 * n, windows);
  lengths.set(passageLengths.subarray(0, windows));
  const starts = new Uint32Array(buffer, base + 4 * (n + windows), n + 1);
  for (let i = 0; i < n; i++) {
    starts[i + 1] = starts[i]! + runs[i + 1]!;
    runs[i] = starts[i]!;
  }
  const passageIds = new Uint16Array(buffer, base + wide + 2 * n, pairs);
  const passageCounts = new Uint8Array(buffer, base + wide + 2 * (n + pairs), pairs);
  for (let k = 0; k < pairs; k++) {
    const to = runs[pairPlaces[k]!]!++;
    passageIds[to] = pairPassages[k]!;
    passageCounts[to] = pairCounts[k]!;
  }
  return {
    terms,
    counts,
    length,
    passages: { lengths, starts, ids: passageIds, counts: passageCounts },
    hash,
  };
}

/**
 * The texts' arrays are carved from shared buffers of SLAB bytes, a new one once the last is
 * full (a text that needs more than a quarter of one gets its own): an ArrayBuffer per text
 * cost as much as the sort of its terms, in its allocation and in the collector's work. A
 * buffer lives as long as any text's arrays in it: at most SLAB bytes kept per text kept.
 */
const SLAB = 1 << 18;
let slab = new ArrayBuffer(SLAB);
let slabUsed = 0;
/** The buffer of the last `carve`. */
let carved = slab;

/** Where `bytes` of room start in `carved` (8-byte aligned, zeroed). */
function carve(bytes: number): number {
  if (bytes > SLAB / 4) {
    carved = new ArrayBuffer(bytes);
    return 0;
  }
  if (slabUsed + bytes > SLAB) {
    slab = new ArrayBuffer(SLAB);
    slabUsed = 0;
  }
  const at = slabUsed;
  slabUsed = (at + bytes + 7) & ~7;
  carved = slab;
  return at;
}

/** A window done: its identifiers' counts read before the next window counts them again. */
function closeWindow(from: number, to: number): void {
  for (let e = from; e < to; e++) windowCounts[e] = info[windowKnowns[e]! + WINDOW_COUNT]!;
}

/**
 * Adds `count` occurrences of the terms of the identifier at info[k] to the text (or window)
 * numbered `serial`: a term met for the first time in it starts from zero and joins `ids` (at
 * `idCount`, the count returned).
 */
function addTerms(k: number, count: number, serial: number, idCount: number): number {
  const from = info[k + TERMS]!;
  const to = from + info[k + TERM_COUNT]!;
  for (let t = from; t < to; t++) {
    const id = termPool[t]!;
    if (termTexts[id] !== serial) {
      termTexts[id] = serial;
      termCounts[id] = 0;
      if (idCount === ids.length) ids = grown(ids, idCount + 1);
      ids[idCount++] = id;
    }
    termCounts[id]! += count;
  }
  return idCount;
}

/**
 * The windows' terms by term, into the scratch lists: each window's length
 * (`passageLengths`), and for each (term, window) pair the term's place in the sorted terms,
 * the window and the term's count in it (at most 255: past that, BM25 gains nothing), with
 * the number of windows of each term at runs[place + 1]. The number of pairs returned.
 */
function countPassages(windows: number, termCount: number): number {
  if (passageLengths.length < windows) passageLengths = grown(passageLengths, windows);
  if (runs.length < termCount + 1) runs = grown(runs, termCount + 1);
  runs.fill(0, 0, termCount + 1);
  let pairs = 0;
  let from = 0;
  for (let passage = 0; passage < windows; passage++) {
    const serial = nextSerial();
    const to = windowEnds[passage]!;
    let idCount = 0;
    let passageLength = 0;
    for (let e = from; e < to; e++) {
      const k = windowKnowns[e]!;
      const count = windowCounts[e]!;
      idCount = addTerms(k, count, serial, idCount);
      passageLength += info[k + TERM_COUNT]! * count;
    }
    passageLengths[passage] = passageLength;
    from = to;
    if (pairs + idCount > pairPlaces.length) {
      pairPlaces = grown(pairPlaces, pairs + idCount);
      pairPassages = grown(pairPassages, pairs + idCount);
      pairCounts = grown(pairCounts, pairs + idCount);
    }
    for (let i = 0; i < idCount; i++) {
      const id = ids[i]!;
      const place = termPlaces[id]!;
      pairPlaces[pairs] = place;
      pairPassages[pairs] = passage;
      pairCounts[pairs++] = Math.min(termCounts[id]!, 0xff);
      runs[place + 1]!++;
    }
  }
  return pairs;
}
