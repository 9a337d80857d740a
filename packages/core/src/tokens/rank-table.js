// Plain JavaScript, like the counters it serves: loaded as is by worker threads.

/*
 * The BPE ranks of an OpenAI encoding as one compact table, looked up by a range of a "byte
 * string" (one character per byte, code 0-255; for ASCII text the text itself), so that a
 * merge asks for the rank of a part without cutting a substring.
 *
 * Its source is a rank asset (decision 083): a 4-byte little-endian count N, then each rank's
 * byte length (one byte each: no token is longer than 255 bytes), then every rank's bytes in
 * rank order. The assets of cl100k_base and o200k_base are written from gpt-tokenizer's ranks
 * (scripts/rank-assets.mjs; a test checks they are equal), so a thread that counts reads
 * 0.7-1.6 MB of bytes instead of compiling gpt-tokenizer's 1-2 MB vocabulary module and
 * building its maps: ~250 ms of CPU per thread.
 */

const utf8 = new TextEncoder();

/**
 * The rank asset of a gpt-tokenizer encoding (its default export, e.g. from
 * 'gpt-tokenizer/encoding/cl100k_base'): each rank's bytes as the decoder holds them.
 */
export function encodeRankAsset(encoding) {
  const decoder = encoding.bytePairEncodingCoreProcessor?.bytePairRankDecoder;
  if (!Array.isArray(decoder)) {
    throw new Error('gpt-tokenizer changed: its BPE ranks are not where expected');
  }
  // A decoder's string encodes back to exactly its token's bytes. Not through gpt-tokenizer's
  // own byte lookup, which decodes with TextDecoder and so loses a leading U+FEFF: it never
  // finds the BOM's token (cl100k 3305), where tiktoken does.
  const parts = Array.from(decoder, (value) =>
    value === undefined
      ? new Uint8Array(0)
      : typeof value === 'string'
        ? utf8.encode(value)
        : Uint8Array.from(value),
  );
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const asset = new Uint8Array(4 + parts.length + total);
  new DataView(asset.buffer).setUint32(0, parts.length, true);
  let offset = 4 + parts.length;
  parts.forEach((part, rank) => {
    if (part.length > 255) throw new Error(`Rank ${rank} is longer than 255 bytes`);
    asset[4 + rank] = part.length;
    asset.set(part, offset);
    offset += part.length;
  });
  return asset;
}

/** FNV-1a over text[from, to): the same hash for a byte string and for the asset's bytes. */
function hashRange(text, from, to) {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

/**
 * The lookup table of a rank asset: `rank(bytes, from, to)` is the rank of the byte string
 * bytes[from, to), or -1 when it is no token; `pairs[b1 * 256 + b2]` the rank of each
 * two-byte token (-1 for none), a merge's first round without hashing.
 */
export function createRankTable(asset) {
  const view = new DataView(asset.buffer, asset.byteOffset, asset.byteLength);
  const count = view.getUint32(0, true);
  const data = 4 + count;
  const starts = new Int32Array(count + 1);
  for (let rank = 0, at = data; rank <= count; rank++) {
    starts[rank] = at;
    if (rank < count) at += asset[4 + rank];
  }
  // Open addressing, at most half full: slot -> rank + 1 (0 = empty).
  let size = 1;
  while (size < count * 2) size <<= 1;
  const mask = size - 1;
  const slots = new Int32Array(size);
  const pairs = new Int32Array(65_536).fill(-1);
  for (let rank = 0; rank < count; rank++) {
    const from = starts[rank];
    const length = starts[rank + 1] - from;
    if (length === 0) continue;
    if (length === 2) pairs[asset[from] * 256 + asset[from + 1]] = rank;
    let hash = 0x811c9dc5;
    for (let i = from; i < from + length; i++) hash = Math.imul(hash ^ asset[i], 0x01000193);
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = rank + 1;
  }

  function rank(text, from, to) {
    const length = to - from;
    let slot = hashRange(text, from, to) & mask;
    for (let entry = slots[slot]; entry !== 0; entry = slots[slot]) {
      const start = starts[entry - 1];
      if (starts[entry] - start === length) {
        let i = 0;
        while (i < length && asset[start + i] === text.charCodeAt(from + i)) i++;
        if (i === length) return entry - 1;
      }
      slot = (slot + 1) & mask;
    }
    return -1;
  }

  return { rank, pairs };
}
