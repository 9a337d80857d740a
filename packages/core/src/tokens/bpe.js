// Plain JavaScript, like count-cl100k.js (which it serves): loaded as is by worker threads.

/*
 * Byte-pair merging of one pre-tokenizer piece, counted the way tiktoken treats each piece:
 * one token if the piece is in the vocabulary, else the number of parts its BPE leaves.
 * A piece's bytes are held as a "byte string" (one character per byte, code 0-255; for an
 * ASCII piece the piece itself), and the rank of a part is looked up by its range in that
 * string (rank-table.js): no substring is cut per candidate pair.
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
 * `bpeCount(piece)` over a rank table (rank-table.js, from an encoding's rank asset): tokens
 * of one pre-tokenizer piece.
 */
export function createBpeCounter(table) {
  const { rank } = table;
  return (piece) => {
    const bytes = isAscii(piece) ? piece : byteString(utf8.encode(piece));
    if (rank(bytes, 0, bytes.length) !== -1) return 1;
    return bytes.length > HEAP_MERGE_BYTES
      ? heapMergeCount(bytes, rank)
      : mergeCount(bytes, rank, table.pairs);
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
  const rank = rankOf(bytes, starts[i], starts[i + 2]);
  return rank === -1 ? Infinity : rank;
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
    return rankOf(bytes, i, next[j]);
  };
  for (let i = 0; i < n - 1; i++) {
    const rank = rankOf(bytes, i, i + 2);
    if (rank !== -1) push(rank * POSITION_SLOTS + i);
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
    firstPairs[key] = rankOf(bytes, i, i + 2);
  }
  return mergeCount(bytes, rankOf, firstPairs);
}
