// Plain JavaScript on purpose: worker threads load it natively (no TypeScript loader, which
// costs a second per worker in development), and Vite bundles it for the Web Worker alike.
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { CL100K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/esm/encodingParams/constants';
import { bpeCount } from './bpe-cl100k.js';

// Text containing '<|endoftext|>' must count as text, not throw.
const OPTIONS = { disallowedSpecial: new Set() };

/*
 * Exact fast path. gpt-tokenizer spends most of its time in the Unicode pre-tokenizer
 * regex; this scanner cuts the same pieces for ASCII text by hand, memoises each piece's
 * count, and sends only unseen pieces to the BPE (bpe-cl100k.js). The regex it reproduces is
 * gpt-tokenizer's own cl100k pattern (not tiktoken's: trailing whitespace is `\s+$`):
 *
 *   '(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE])   1 contraction
 *   |[^\r\n\p{L}\p{N}]?\p{L}+                            2 word, one optional prefix
 *   |\p{N}{1,3}                                          3 up to three digits
 *   | ?[^\s\p{L}\p{N}]+[\r\n]*                           4 punctuation run + newlines
 *   |\s+$|\s*[\r\n]|\s+(?!\S)|\s                          5-8 whitespace
 *
 * Whenever a piece's extent depends on a non-ASCII character (which may be a letter, a
 * digit or a space), the scanner lets the regex itself (sticky, at that position of the
 * same text, so `$` and lookaheads see what they would) cut that one piece.
 */

const LETTER = 1;
const DIGIT = 2;
const SPACE = 3;
const PUNCT = 4;
/** Class of each ASCII code; everything not a letter, digit or \s is "punctuation". */
const CLASS = new Uint8Array(128).fill(PUNCT);
for (let c = 65; c <= 90; c++) CLASS[c] = LETTER;
for (let c = 97; c <= 122; c++) CLASS[c] = LETTER;
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
for (const c of [9, 10, 11, 12, 13, 32]) CLASS[c] = SPACE;

const STICKY = new RegExp(CL100K_TOKEN_SPLIT_REGEX.source, 'uy');

/**
 * Piece -> token count, an open-addressing table keyed by a hash of the piece's characters
 * so that a known piece is found in the text where it stands: no substring is cut (or
 * hashed again by a Map) for the millions of pieces that repeat. Bounded: cleared when
 * half full (code repeats its words quickly).
 */
const MEMO_SLOTS = 1 << 19;
const MEMO_MAX_ENTRIES = MEMO_SLOTS >>> 1;
const MEMO_MAX_PIECE_CHARS = 64;
const memoSlots = new Int32Array(MEMO_SLOTS).fill(-1);
const memoHashes = new Int32Array(MEMO_MAX_ENTRIES);
const memoCounts = new Int32Array(MEMO_MAX_ENTRIES);
let memoPieces = [];

/** Tokens of the pre-tokenizer piece text[from, to). */
function countPiece(text, from, to) {
  const size = to - from;
  if (size > MEMO_MAX_PIECE_CHARS) return bpeCount(text.slice(from, to));
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  let slot = hash & (MEMO_SLOTS - 1);
  for (let entry = memoSlots[slot]; entry !== -1; entry = memoSlots[slot]) {
    if (memoHashes[entry] === hash) {
      const known = memoPieces[entry];
      if (known.length === size && text.startsWith(known, from)) return memoCounts[entry];
    }
    slot = (slot + 1) & (MEMO_SLOTS - 1);
  }
  const piece = text.slice(from, to);
  const count = bpeCount(piece);
  if (memoPieces.length >= MEMO_MAX_ENTRIES) {
    memoSlots.fill(-1);
    memoPieces = [];
    slot = hash & (MEMO_SLOTS - 1);
  }
  const entry = memoPieces.length;
  memoPieces.push(piece);
  memoHashes[entry] = hash;
  memoCounts[entry] = count;
  memoSlots[slot] = entry;
  return count;
}

/** Code at i, or 0 past the end; -1 for non-ASCII (the caller falls back to the regex). */
function classAt(text, i) {
  if (i >= text.length) return 0;
  const c = text.charCodeAt(i);
  return c < 128 ? CLASS[c] : -1;
}

/** End of the run of class `cls` starting at i, or -1 if it stops on a non-ASCII code. */
function runEnd(text, i, cls) {
  const length = text.length;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c >= 128) return -1;
    if (CLASS[c] !== cls) return i;
    i++;
  }
  return i;
}

function isNewline(c) {
  return c === 10 || c === 13;
}

/** Whether a contraction ('s 't 'd 'm 'll 've 're, either case) starts at i (a quote). */
function contractionEnd(text, i) {
  const a = text.charCodeAt(i + 1) | 32;
  if (a === 115 || a === 116 || a === 100 || a === 109) return i + 2;
  const b = text.charCodeAt(i + 2) | 32;
  if ((a === 108 && b === 108) || (a === 118 && b === 101) || (a === 114 && b === 101)) {
    return i + 3;
  }
  return -1;
}

/** After a punctuation run ending at i: the newlines that join it (alternative 4). */
function newlinesEnd(text, i) {
  while (i < text.length && isNewline(text.charCodeAt(i))) i++;
  return i;
}

/**
 * End of the piece starting at i by the ASCII rules, or -1 when a non-ASCII code decides
 * it. `cls` is the class of text[i].
 */
function pieceEnd(text, i, cls) {
  const length = text.length;
  if (cls === LETTER) return runEnd(text, i + 1, LETTER);
  if (cls === DIGIT) {
    const end = Math.min(i + 3, length);
    for (let j = i + 1; j < end; j++) {
      const next = classAt(text, j);
      if (next === -1) return -1;
      if (next !== DIGIT) return j;
    }
    return end;
  }
  const c = text.charCodeAt(i);
  const next = classAt(text, i + 1);
  if (next === -1) return -1;
  if (cls === PUNCT) {
    if (c === 39) {
      // `contractionEnd` reads two codes: a non-ASCII one there is never [sdmtlvre].
      const end = contractionEnd(text, i);
      if (end !== -1) return end;
    }
    if (next === LETTER) return runEnd(text, i + 2, LETTER);
    const end = runEnd(text, i + 1, PUNCT);
    return end === -1 ? -1 : newlinesEnd(text, end);
  }
  // Whitespace.
  if (next === LETTER && !isNewline(c)) return runEnd(text, i + 2, LETTER);
  if (next === PUNCT && c === 32) {
    const end = runEnd(text, i + 2, PUNCT);
    return end === -1 ? -1 : newlinesEnd(text, end);
  }
  const end = runEnd(text, i + 1, SPACE);
  if (end === -1) return -1;
  if (end === length) return end; // \s+$
  for (let j = end - 1; j >= i; j--) {
    if (isNewline(text.charCodeAt(j))) return j + 1; // \s*[\r\n]
  }
  return end - i >= 2 ? end - 1 : i + 1; // \s+(?!\S) | \s
}

/** Exact cl100k count of `text` (as gpt-tokenizer's countTokens), pieces over longRun chunked. */
function countText(text, longRun, chunk) {
  const length = text.length;
  let total = 0;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    let end = c < 128 ? pieceEnd(text, i, CLASS[c]) : -1;
    if (end === -1) {
      STICKY.lastIndex = i;
      const match = STICKY.exec(text);
      // Every code point matches some alternative; this only guards against a regex change.
      end = match ? STICKY.lastIndex : length;
    }
    const size = end - i;
    if (size === 1 && c < 128)
      total += 1; // every ASCII character is a token of its own
    else if (size > longRun) total += countLongPiece(text, i, end, chunk);
    else total += countPiece(text, i, end);
    i = end;
  }
  return total;
}

/**
 * BPE cost grows with the square of a piece's length: one 80 000-letter run (an inlined
 * SVG or blob) takes seconds. Such a piece is counted in chunks: bounded time, a count off
 * by about a token per chunk.
 */
function countLongPiece(text, from, to, chunk) {
  let total = 0;
  for (let at = from; at < to; at += chunk) {
    total += countTokens(text.slice(at, Math.min(to, at + chunk)), OPTIONS);
  }
  return total;
}

/**
 * cl100k_base count of a text, BOM stripped: equal to gpt-tokenizer's
 * `countTokens(text, { disallowedSpecial: new Set() })` except for pre-tokenizer pieces
 * longer than `longRun` characters, counted in chunks of `chunk` characters.
 */
export function countCl100kGuarded(input, longRun, chunk) {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  return countText(text, longRun, chunk);
}

/** The reference: gpt-tokenizer's own count (regex pre-tokenizer, no guard). */
export function countCl100kReference(text) {
  return countTokens(text, OPTIONS);
}
