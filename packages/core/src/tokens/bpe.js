// Plain JavaScript, like count-cl100k.js (which it serves): loaded as is by worker threads.

/*
 * Byte-pair merging of one pre-tokenizer piece, counted the way tiktoken treats each piece:
 * one token if the piece is in the vocabulary, else the number of parts its BPE leaves.
 * The vocabulary is gpt-tokenizer's (the same ranks as tiktoken's). gpt-tokenizer's own
 * merge converts every candidate pair from UTF-8 bytes back to a string to look it up, which
 * is most of its time. Here a piece's bytes are held as a "byte string" (one character per
 * byte, code 0-255) and pairs are looked up as substrings: for an ASCII piece the byte string
 * is the piece itself, looked up in gpt-tokenizer's own string -> rank map.
 *
 * The encoder's members used here are not in gpt-tokenizer's typings, so they are checked:
 * a gpt-tokenizer upgrade that moves them fails loudly (tests, bench) rather than counting
 * the BOM as gpt-tokenizer does (2 tokens instead of tiktoken's 1).
 */

const utf8 = new TextEncoder();

function isAscii(piece) {
  for (let i = 0; i < piece.length; i++) if (piece.charCodeAt(i) >= 128) return false;
  return true;
}

function byteString(bytes) {
  return bytes.length < 4096
    ? String.fromCharCode.apply(null, bytes)
    : Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
}

/** Byte strings longer than this merge on a heap (n log n) instead of by linear scans (n²). */
const HEAP_MERGE_BYTES = 256;

/**
 * `bpeCount(piece)` for one gpt-tokenizer encoding (its default export, e.g. from
 * 'gpt-tokenizer/encoding/cl100k_base'): tokens of one pre-tokenizer piece.
 */
export function createBpeCounter(encoding) {
  const core = encoding.bytePairEncodingCoreProcessor;
  const stringRanks =
    core?.bytePairStringRankEncoder instanceof Map &&
    Array.isArray(core.bytePairRankDecoder) &&
    typeof core.getBpeRankFromBytes === 'function'
      ? core.bytePairStringRankEncoder
      : null;
  if (!stringRanks) throw new Error('gpt-tokenizer changed: its BPE ranks are not where expected');

  /**
   * Byte string -> rank of every token, from the bytes gpt-tokenizer's decoder holds for it
   * (equal to tiktoken's for every rank: core tests check it). Not from gpt-tokenizer's own
   * byte lookup, which decodes with TextDecoder and so loses a leading U+FEFF: it never finds
   * the BOM's token (cl100k 3305), where tiktoken does. Built on the first non-ASCII piece:
   * 100 000-200 000 entries, some tens of milliseconds once per thread.
   */
  let byteRanks = null;
  const byteRankMap = () => {
    if (byteRanks) return byteRanks;
    byteRanks = new Map();
    core.bytePairRankDecoder.forEach((value, rank) => {
      if (typeof value !== 'string') byteRanks.set(byteString(value), rank);
      else byteRanks.set(isAscii(value) ? value : byteString(utf8.encode(value)), rank);
    });
    return byteRanks;
  };

  /**
   * Rank of every two-byte token by its bytes (index byte1 * 256 + byte2, -1 for none): a
   * piece's first round of pairs is looked up here without cutting substrings.
   */
  let pairRanks = null;
  const pairRankTable = () => {
    if (pairRanks) return pairRanks;
    pairRanks = new Int32Array(65_536).fill(-1);
    core.bytePairRankDecoder.forEach((value, rank) => {
      if (value.length > 2) return; // a string of 3 or more characters has 3 or more bytes
      const bytes = typeof value === 'string' ? utf8.encode(value) : Uint8Array.from(value);
      if (bytes.length === 2) pairRanks[bytes[0] * 256 + bytes[1]] = rank;
    });
    return pairRanks;
  };

  const merge = (bytes, rankOf) =>
    bytes.length > HEAP_MERGE_BYTES
      ? heapMergeCount(bytes, rankOf)
      : mergeCount(bytes, rankOf, pairRanks ?? pairRankTable());

  return (piece) => {
    if (isAscii(piece)) return stringRanks.has(piece) ? 1 : merge(piece, stringRanks);
    // A piece spelt like a token has that token's bytes (the decoder's strings encode back
    // exactly), so the string map answers without building the byte map.
    if (stringRanks.has(piece)) return 1;
    const bytes = byteString(utf8.encode(piece));
    const rankOf = byteRankMap();
    return rankOf.has(bytes) ? 1 : merge(bytes, rankOf);
  };
}

/** Pair ranks and part starts of the piece being merged, reused (pieces are short). */
let ranks = new Float64Array(HEAP_MERGE_BYTES + 1);
let starts = new Int32Array(HEAP_MERGE_BYTES + 2);

/**
 * Number of parts BPE leaves of a byte string: tiktoken's merge (lowest rank first, leftmost
 * on ties), by linear scans: the fastest for the short pieces that are nearly all of them.
 */
function mergeCount(bytes, rankOf, firstPairs) {
  const n = bytes.length;
  if (n + 1 > starts.length) {
    starts = new Int32Array(n * 2 + 1);
    ranks = new Float64Array(n * 2);
  }
  // `parts` parts; pair i joins parts i and i+1.
  let parts = n;
  for (let i = 0; i <= n; i++) starts[i] = i;
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

/** Positions fit in 2^22 slots of the heap key; longer byte strings are merged in one go anyway. */
const POSITION_SLOTS = 2 ** 22;

/**
 * The same merges (lowest rank first, leftmost on ties) in n log n: parts are a linked list,
 * candidate pairs a binary min-heap keyed by rank then position (positions keep their order
 * as parts merge, so "leftmost" is the lowest start). An entry is checked when popped: it is
 * merged only if its pair still exists with that rank. Same result as the linear scans, so a
 * 100 000-character run (an inlined blob) is counted exactly in milliseconds.
 */
function heapMergeCount(bytes, rankOf) {
  const n = bytes.length;
  if (n >= POSITION_SLOTS) return heapMergeCountChecked(bytes, rankOf);
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  // part starting at i spans [i, next[i]); next[i] === n marks the last part.
  const heap = new Float64Array(n * 3 + 8);
  let size = 0;
  const push = (key) => {
    let at = size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heap[parent] <= key) break;
      heap[at] = heap[parent];
      at = parent;
    }
    heap[at] = key;
  };
  const pop = () => {
    const top = heap[0];
    const last = heap[--size];
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && heap[child + 1] < heap[child]) child++;
      if (heap[child] >= last) break;
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = last;
    return top;
  };
  const rankAt = (i) => {
    const j = next[i];
    if (j >= n) return -1;
    return rankOf.get(bytes.slice(i, next[j])) ?? -1;
  };
  for (let i = 0; i < n - 1; i++) {
    const rank = rankOf.get(bytes.slice(i, i + 2));
    if (rank !== undefined) push(rank * POSITION_SLOTS + i);
  }
  const alive = new Uint8Array(n).fill(1);
  let parts = n;
  while (size > 0) {
    const key = pop();
    const rank = Math.floor(key / POSITION_SLOTS);
    const i = key - rank * POSITION_SLOTS;
    if (!alive[i] || rankAt(i) !== rank) continue; // stale: the pair changed since
    const j = next[i];
    alive[j] = 0;
    next[i] = next[j];
    if (next[j] <= n) prev[next[j]] = i;
    parts--;
    const right = rankAt(i);
    if (right !== -1) push(right * POSITION_SLOTS + i);
    if (prev[i] >= 0) {
      const left = rankAt(prev[i]);
      if (left !== -1) push(left * POSITION_SLOTS + prev[i]);
    }
  }
  return parts;
}

/** Byte strings of 4 M bytes or more: counted with linear scans (slow, exact, never seen). */
function heapMergeCountChecked(bytes, rankOf) {
  const firstPairs = new Int32Array(65_536).fill(-1);
  for (let i = 0; i < bytes.length - 1; i++) {
    const key = bytes.charCodeAt(i) * 256 + bytes.charCodeAt(i + 1);
    firstPairs[key] = rankOf.get(bytes.slice(i, i + 2)) ?? -1;
  }
  return mergeCount(bytes, rankOf, firstPairs);
}
