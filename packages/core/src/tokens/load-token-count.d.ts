export declare function loadTokenCount(
  id: string,
  loadVocab: (url: URL) => Promise<unknown>,
  loadRanks?: (url: URL) => Promise<Uint8Array>,
): Promise<(text: string) => number>;
