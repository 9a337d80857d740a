/**
 * Code-aware terms (decision 095): an identifier gives its parts (`parseArgs`, `parse_args`,
 * `ParseArgs` → `parse`, `args`) and itself whole, lower-cased without `_`/`$`/`-` (all three
 * → `parseargs`), so a request's `parse args`, `parse_args` and `ParseArgs` meet the code.
 */

/** Identifiers of source text: letters, digits, `_` and `$`, starting with no digit. */
const IDENTIFIER = /[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*/g;
/** Parts of an identifier: `HTTPServer` → HTTP, Server; `v2Api` → v, 2, Api. */
const PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z\u00C0-\uFFFF]+|[0-9]+/g;
/** Longest identifier taken: longer runs are data (base64, hashes), not names. */
const MAX_IDENTIFIER = 64;

/** The whole form of an identifier: lower case, without `_`, `$` and `-`. */
export function wholeForm(identifier: string): string {
  return identifier.replace(/[_$-]/g, '').toLowerCase();
}

/** The parts of an identifier, lower case, two characters or more. */
export function identifierParts(identifier: string): string[] {
  const parts: string[] = [];
  for (const match of identifier.matchAll(PART)) {
    const part = match[0].toLowerCase();
    if (part.length >= 2 && !/^\d+$/.test(part)) parts.push(stem(part));
  }
  return parts;
}

/**
 * A light stem: plurals and -ing/-ed on words long enough that cutting leaves a word
 * (`parsers` → `parser`, `handling` → `handl`, `caches` → `cach`). Applied to both sides.
 */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * Term occurrences of a text: every identifier's parts, and its whole form when it has more
 * than one part. `onIdentifier` sees each distinct identifier once (definitions fallback).
 */
export function countTerms(text: string, counts: Map<string, number>): number {
  const seen = new Map<string, string[]>();
  let length = 0;
  for (const match of text.matchAll(IDENTIFIER)) {
    const identifier = match[0];
    if (identifier.length > MAX_IDENTIFIER) continue;
    let terms = seen.get(identifier);
    if (!terms) {
      terms = termsOf(identifier);
      seen.set(identifier, terms);
    }
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    length += terms.length;
  }
  return length;
}

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
 * map updates per occurrence were most of an index's build.
 */
export function termHashCounts(text: string): {
  terms: Uint32Array;
  counts: Uint16Array;
  length: number;
} {
  if (knowns.length >= HASH_CACHE_MAX) clearKnown();
  const serial = ++textSerial;
  const met: Known[] = [];
  const end = text.length;
  let at = 0;
  while (at < end) {
    if (!startsIdentifier(text.charCodeAt(at))) {
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
  }
  let length = 0;
  const ids: number[] = [];
  for (const { terms, count } of met) {
    for (const id of terms) {
      if (termTexts[id] !== serial) {
        termTexts[id] = serial;
        termCounts[id] = 0;
        ids.push(id);
      }
      termCounts[id] = termCounts[id]! + count;
    }
    length += terms.length * count;
  }
  const keys = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) keys[i] = termHashes[ids[i]!]! * PLACES + i;
  keys.sort();
  const terms = new Uint32Array(ids.length);
  const counts = new Uint16Array(ids.length);
  for (let i = 0; i < keys.length; i++) {
    const hash = Math.floor(keys[i]! / PLACES);
    terms[i] = hash;
    counts[i] = Math.min(termCounts[ids[keys[i]! - hash * PLACES]!]!, 0xffff);
  }
  return { terms, counts, length };
}

/** The terms one identifier gives: its parts, then its whole form if that is new. */
export function termsOf(identifier: string): string[] {
  const parts = identifierParts(identifier);
  const whole = wholeForm(identifier);
  if (whole.length >= 2 && (parts.length !== 1 || parts[0] !== whole)) parts.push(whole);
  return parts;
}

/** FNV-1a, 32 bits: terms are kept as numbers so an index of 25,000 files stays small. */
export function termHash(term: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) {
    hash ^= term.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The words of a path: each folder and the file name split like identifiers, plus each
 * segment whole (`src/ssrTransform.ts` → src, ssr, transform, ssrtransform, ts).
 */
export function pathWords(path: string): { folders: string[]; name: string[] } {
  const segments = path.split('/');
  const file = segments.pop() ?? path;
  const dot = file.indexOf('.', 1);
  const stemName = dot === -1 ? file : file.slice(0, dot);
  const wordsOf = (segment: string) => {
    const words = new Set<string>();
    for (const piece of segment.split(/[^A-Za-z0-9_$\u00C0-\uFFFF]+/)) {
      if (!piece) continue;
      for (const term of termsOf(piece)) words.add(term);
    }
    const whole = wholeForm(segment.replace(/\.[^.]*$/, ''));
    if (whole.length >= 2) words.add(whole);
    return [...words];
  };
  return { folders: [...new Set(segments.flatMap(wordsOf))], name: wordsOf(stemName) };
}
