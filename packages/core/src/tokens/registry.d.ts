export declare function loadTokenCount(
  id: string,
  loadVocab: (url: URL) => Promise<unknown>,
): Promise<(text: string) => number>;
