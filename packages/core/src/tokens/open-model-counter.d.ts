export declare function createOpenModelCounter(asset: {
  tokenizerJSON: unknown;
  tokenizerConfig: unknown;
}): (text: string) => number;
