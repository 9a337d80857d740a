// Plain JavaScript, like the other counters: loaded as is by worker threads.

/**
 * Claude 3 and later have no public tokenizer: this is an estimate, always shown with ≈
 * (decision 018). Anthropic's own guidance says OpenAI's tokenizer undercounts Claude by
 * about 15-20 % on typical text and by more on code; prompts here are mostly code, so the
 * estimate is the exact cl100k_base count scaled by 1.25, rounded up: it errs on the high
 * side, so a prompt shown as fitting the window is more likely to fit.
 */
export const CLAUDE_TOKENS_PER_CL100K_TOKEN = 1.25;

/** The estimate over a cl100k_base counter. */
export function claudeEstimateOf(countCl100k) {
  return (text) => Math.ceil(countCl100k(text) * CLAUDE_TOKENS_PER_CL100K_TOKEN);
}
