export interface RankTable {
  /** Rank of the byte string text[from, to), or -1 when it is no token. */
  rank(text: string, from: number, to: number): number;
  /** Rank of each two-byte token at byte1 * 256 + byte2, -1 for none. */
  readonly pairs: Int32Array;
}
/** A gpt-tokenizer encoding's ranks as a rank asset. */
export declare function encodeRankAsset(encoding: object): Uint8Array;
export declare function createRankTable(asset: Uint8Array): RankTable;
