import { CHARS_PER_TOKEN, CHARS_PER_TOKEN_SYMBOL_HEAVY } from '../limits';

/** Above this share of ASCII punctuation among visible characters, text is "symbol-heavy". */
const SYMBOL_HEAVY_SHARE = 0.15;
/** Whitespace merges into neighbouring tokens, so it weighs less than visible characters. */
const WHITESPACE_WEIGHT = 0.5;

/**
 * Fallback when the tokenizer is unavailable: about one token per 4 characters,
 * one per 3.5 when symbol-heavy (code), whitespace counted at half weight.
 */
export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  let whitespace = 0;
  let symbols = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13) whitespace++;
    else if (c < 128 && !(c >= 48 && c <= 57) && !(c >= 65 && c <= 90) && !(c >= 97 && c <= 122)) {
      symbols++;
    }
  }
  const visible = text.length - whitespace;
  const heavy = visible > 0 && symbols / visible > SYMBOL_HEAVY_SHARE;
  const perToken = heavy ? CHARS_PER_TOKEN_SYMBOL_HEAVY : CHARS_PER_TOKEN;
  return Math.max(1, Math.ceil((visible + whitespace * WHITESPACE_WEIGHT) / perToken));
}
