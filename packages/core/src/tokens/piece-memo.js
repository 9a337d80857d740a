// Plain JavaScript, like the counters it serves: loaded as is by worker threads.

const MEMO_SLOTS = 1 << 19;
const MEMO_MAX_ENTRIES = MEMO_SLOTS >>> 1;
const MEMO_MAX_PIECE_CHARS = 64;

/**
 * `countPiece(text, from, to)`: tokens of the pre-tokenizer piece text[from, to), memoised.
 * Piece -> count is an open-addressing table keyed by a hash of the piece's characters, so a
 * known piece is found in the text where it stands: no substring is cut (or hashed again by
 * a Map) for the millions of pieces that repeat. Bounded: cleared when half full (code
 * repeats its words quickly). One memo per tokenizer (per thread).
 */
export function createPieceMemo(bpeCount) {
  const memoSlots = new Int32Array(MEMO_SLOTS).fill(-1);
  const memoHashes = new Int32Array(MEMO_MAX_ENTRIES);
  const memoCounts = new Int32Array(MEMO_MAX_ENTRIES);
  let memoPieces = [];

  return function countPiece(text, from, to) {
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
  };
}
