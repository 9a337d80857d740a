export declare const CLAUDE_TOKENS_PER_CL100K_TOKEN: number;
export declare function estimateClaudeTokens(text: string): number;
