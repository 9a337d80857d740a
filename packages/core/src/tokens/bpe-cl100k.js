// Plain JavaScript, like count-cl100k.js (which it serves): loaded as is by worker threads.
import encoding, { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';

const OPTIONS = { disallowedSpecial: new Set() };

/*
 * Byte-pair merging of one pre-tokenizer piece, counted the way gpt-tokenizer's countTokens
 * treats each regex piece: one token if the piece is in the vocabulary, else the number of
 * parts its BPE leaves. gpt-tokenizer's own merge (bytePairMerge) converts every candidate
 * pair from UTF-8 bytes back to a string to look it up, which is most of its time. Here a
 * piece's bytes are held as a "byte string" (one character per byte, code 0-255) and pairs
 * are looked up as substrings: for an ASCII piece the byte string is the piece itself, and
 * its pairs are looked up in gpt-tokenizer's own string -> rank map.
 *
 * The encoder's members used here are not in gpt-tokenizer's typings, so they are checked;
 * without them every piece goes to countTokens (public, exact, slower).
 */
const core = encoding.bytePairEncodingCoreProcessor;
const stringRanks =
  core?.bytePairStringRankEncoder instanceof Map &&
  Array.isArray(core.bytePairRankDecoder) &&
  typeof core.getBpeRankFromBytes === 'function'
    ? core.bytePairStringRankEncoder
    : null;

const utf8 = new TextEncoder();

function isAscii(piece) {
  for (let i = 0; i < piece.length; i++) if (piece.charCodeAt(i) >= 128) return false;
  return true;
}

function byteString(bytes) {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

/**
 * Byte string -> rank for every token gpt-tokenizer finds by its bytes (getBpeRankFromBytes,
 * asked for each token that is not plain ASCII, so both always agree), built on the first
 * non-ASCII piece: ~100 000 entries, some tens of milliseconds once per thread.
 */
let byteRanks = null;
function byteRankMap() {
  if (byteRanks) return byteRanks;
  byteRanks = new Map();
  core.bytePairRankDecoder.forEach((value, rank) => {
    if (typeof value === 'string' && isAscii(value)) {
      byteRanks.set(value, rank);
      return;
    }
    const bytes = typeof value === 'string' ? utf8.encode(value) : Uint8Array.from(value);
    if (core.getBpeRankFromBytes(bytes) === rank) byteRanks.set(byteString(bytes), rank);
  });
  return byteRanks;
}

/**
 * Rank of every two-byte token by its bytes (index byte1 * 256 + byte2, -1 for none): a
 * piece's first round of pairs is looked up here without cutting substrings.
 */
let pairRanks = null;
function pairRankTable() {
  if (pairRanks) return pairRanks;
  pairRanks = new Int32Array(65_536).fill(-1);
  core.bytePairRankDecoder.forEach((value, rank) => {
    if (value.length > 2) return; // a string of 3 or more characters has 3 or more bytes
    const bytes = typeof value === 'string' ? utf8.encode(value) : Uint8Array.from(value);
    if (bytes.length === 2 && core.getBpeRankFromBytes(bytes) === rank) {
      pairRanks[bytes[0] * 256 + bytes[1]] = rank;
    }
  });
  return pairRanks;
}

/** Pair ranks and part starts of the piece being merged, reused (pieces are short). */
let ranks = new Float64Array(128);
let starts = new Int32Array(129);

/**
 * Number of parts BPE leaves of a byte string: the same merges as gpt-tokenizer's
 * bytePairMerge, lowest rank first and leftmost on ties.
 */
function mergeCount(bytes, rankOf) {
  const n = bytes.length;
  if (n + 1 > starts.length) {
    starts = new Int32Array(n * 2 + 1);
    ranks = new Float64Array(n * 2);
  }
  // `parts` parts; pair i joins parts i and i+1.
  let parts = n;
  for (let i = 0; i <= n; i++) starts[i] = i;
  const firstPairs = pairRanks ?? pairRankTable();
  for (let i = 0; i < n - 1; i++) {
    const rank = firstPairs[bytes.charCodeAt(i) * 256 + bytes.charCodeAt(i + 1)];
    ranks[i] = rank === -1 ? Infinity : rank;
  }
  while (parts > 1) {
    let lowest = Infinity;
    let at = -1;
    for (let i = 0; i < parts - 1; i++) {
      if (ranks[i] < lowest) {
        lowest = ranks[i];
        at = i;
      }
    }
    if (at === -1) break;
    // Merge parts `at` and `at + 1`: drop start at+1 and pair at+1's rank.
    starts.copyWithin(at + 1, at + 2, parts + 1);
    ranks.copyWithin(at + 1, at + 2, parts - 1);
    parts--;
    ranks[at] = at + 1 < parts ? pairRank(bytes, at, rankOf) : Infinity;
    if (at > 0) ranks[at - 1] = pairRank(bytes, at - 1, rankOf);
  }
  return parts;
}

/** Rank of parts i and i+1 joined, Infinity when that is no token. */
function pairRank(bytes, i, rankOf) {
  return rankOf.get(bytes.slice(starts[i], starts[i + 2])) ?? Infinity;
}

/** cl100k_base tokens of one pre-tokenizer piece. */
export const bpeCount = stringRanks
  ? (piece) => {
      if (stringRanks.has(piece)) return 1;
      if (isAscii(piece)) return mergeCount(piece, stringRanks);
      return mergeCount(byteString(utf8.encode(piece)), byteRankMap());
    }
  : (piece) => countTokens(piece, OPTIONS);
