// Plain JavaScript on purpose: worker threads load it natively (no TypeScript loader, which
// costs a second per worker in development), and Vite bundles it for the Web Worker alike.
import { createBpeCounter } from './bpe.js';
import { CL100K_PATTERN } from './openai-patterns.js';
import { createPieceMemo } from './piece-memo.js';

/*
 * Exact fast path, equal to tiktoken's `encode_ordinary(text).length` (special tokens such as
 * '<|endoftext|>' count as text). gpt-tokenizer spends most of its time in the Unicode
 * pre-tokenizer regex; this scanner cuts the same pieces for ASCII text by hand, memoises
 * each piece's count, and sends only unseen pieces to the BPE (bpe.js). The pattern it
 * reproduces is tiktoken's cl100k_base `pat_str`:
 *
 *   (?i:'s|'t|'re|'ve|'m|'ll|'d)                         1 contraction
 *   |[^\r\n\p{L}\p{N}]?\p{L}+                            2 word, one optional prefix
 *   |\p{N}{1,3}                                          3 up to three digits
 *   | ?[^\s\p{L}\p{N}]+[\r\n]*                           4 punctuation run + newlines
 *   |\s*[\r\n]+|\s+(?!\S)|\s+                             5-7 whitespace
 *
 * Whenever a piece's extent depends on a non-ASCII character (which may be a letter, a
 * digit, a space, or U+FEFF, which is no space for tiktoken), the scanner lets the regex of
 * openai-patterns.js (sticky, at that position of the same text, so lookaheads see what
 * they would) cut that one piece.
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

const STICKY = new RegExp(CL100K_PATTERN, 'uy');

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
      // `next` is ASCII (so no 'ſ'); a non-ASCII third code never folds to 'l' or 'e'.
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
  for (let j = end - 1; j >= i; j--) {
    if (isNewline(text.charCodeAt(j))) return j + 1; // \s*[\r\n]+
  }
  if (end === length) return end; // \s+(?!\S) at the end
  return end - i >= 2 ? end - 1 : i + 1; // \s+(?!\S) | \s+
}

/**
 * The cl100k_base counter over a rank table (rank-table.js): `count(text)` is exactly
 * tiktoken's `encode_ordinary(text).length`: a BOM counts as tiktoken counts it, and a piece
 * of any length is merged exactly (bpe.js merges long ones on a heap, so an 80 000-letter run
 * costs milliseconds, not seconds). Each counter memoises its own pieces.
 */
export function createCl100kCounter(table) {
  const countPiece = createPieceMemo(createBpeCounter(table));
  return function countCl100k(text) {
    const length = text.length;
    let total = 0;
    let i = 0;
    while (i < length) {
      const c = text.charCodeAt(i);
      let end = c < 128 ? pieceEnd(text, i, CLASS[c]) : -1;
      if (end === -1) {
        STICKY.lastIndex = i;
        // Every code point matches some alternative; this only guards against a regex change.
        end = STICKY.exec(text) ? STICKY.lastIndex : length;
      }
      // Every ASCII character is a token of its own.
      total += end - i === 1 && c < 128 ? 1 : countPiece(text, i, end);
      i = end;
    }
    return total;
  };
}
