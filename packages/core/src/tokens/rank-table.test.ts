import cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { createRankTable, encodeRankAsset } from './rank-table.js';

const utf8 = new TextEncoder();
const byteString = (bytes: Uint8Array) => String.fromCharCode(...bytes);
// Not in gpt-tokenizer's typings (rank-table.js checks it is there).
const decoder = (
  cl100k as unknown as {
    bytePairEncodingCoreProcessor: { bytePairRankDecoder: (string | number[])[] };
  }
).bytePairEncodingCoreProcessor.bytePairRankDecoder;
const bytesOf = (value: string | number[]) =>
  typeof value === 'string' ? utf8.encode(value) : Uint8Array.from(value);

describe('rank table', () => {
  const table = createRankTable(encodeRankAsset(cl100k));

  it("finds every token's rank by its bytes, inside a longer string too", () => {
    decoder.forEach((value, rank) => {
      const bytes = byteString(bytesOf(value));
      expect(table.rank(bytes, 0, bytes.length)).toBe(rank);
      const padded = `\u00ff${bytes}\u00fe`;
      expect(table.rank(padded, 1, bytes.length + 1)).toBe(rank);
    });
  });

  it('answers -1 for what is no token, and tells two-byte tokens apart in its pair table', () => {
    expect(table.rank('\u00ff\u00fe\u00fd\u00fc', 0, 4)).toBe(-1);
    expect(table.rank('zqxjzqxjzqxj', 0, 12)).toBe(-1);
    // The BOM's bytes are one token (3305) for tiktoken: gpt-tokenizer's own byte lookup
    // misses it, the asset does not.
    expect(table.rank(byteString(utf8.encode('\uFEFF')), 0, 3)).toBe(3305);
    let twoByte = 0;
    decoder.forEach((value, rank) => {
      const bytes = bytesOf(value);
      if (bytes.length !== 2) return;
      twoByte++;
      expect(table.pairs[bytes[0]! * 256 + bytes[1]!]).toBe(rank);
    });
    expect(table.pairs.filter((rank) => rank !== -1).length).toBe(twoByte);
  });

  it('keeps holes and rejects tokens longer than a length byte holds', () => {
    const encoding = (ranks: unknown[]) => ({
      bytePairEncodingCoreProcessor: { bytePairRankDecoder: ranks },
    });
    // eslint-disable-next-line no-sparse-arrays
    const holes = createRankTable(encodeRankAsset(encoding(['a', , 'ab'])));
    expect([holes.rank('a', 0, 1), holes.rank('ab', 0, 2), holes.rank('', 0, 0)]).toEqual([
      0, 2, -1,
    ]);
    expect(() => encodeRankAsset(encoding(['x'.repeat(256)]))).toThrow(/255 bytes/);
    expect(() => encodeRankAsset({})).toThrow(/gpt-tokenizer changed/);
  });
});
