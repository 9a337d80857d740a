export declare const CLAUDE_TOKENS_PER_CL100K_TOKEN: number;
export declare function claudeEstimateOf(
  countCl100k: (text: string) => number,
): (text: string) => number;
