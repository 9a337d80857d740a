// Plain JavaScript: read by the counters that worker threads load as is.

/*
 * tiktoken's pre-tokenizer patterns (the `pat_str` of its cl100k_base and o200k_base
 * encodings), written for JavaScript's RegExp so they cut the same pieces as tiktoken's Rust
 * regex engine. Two things differ between the engines and are spelt out here:
 * - `\s` in Rust is Unicode White_Space; JavaScript's `\s` also takes U+FEFF (a BOM) and
 *   leaves out U+0085. gpt-tokenizer uses JavaScript's, so it cuts "\uFEFFimport" in two
 *   where tiktoken keeps one piece (2 tokens instead of 1: decision 017).
 * - `(?i:'s|'t|'re|'ve|'m|'ll|'d)` folds case the Unicode way: 'ſ' (U+017F) is an 's'.
 * bench/exactness.ts and the tests check the result against tiktoken itself.
 */
const WS =
  '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const CONTRACTION = "'(?:[sS\\u017f]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])";
const WHITESPACE_TAIL = `[${WS}]*[\\r\\n]+|[${WS}]+(?![^${WS}])|[${WS}]+`;

/** `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+` */
export const CL100K_PATTERN =
  `${CONTRACTION}|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^${WS}\\p{L}\\p{N}]+[\\r\\n]*|` +
  WHITESPACE_TAIL;

const UPPER = '[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]';
const LOWER = '[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]';
/** o200k_base: words split at case changes, contractions joined, `/` after newlines. */
export const O200K_PATTERN =
  `[^\\r\\n\\p{L}\\p{N}]?${UPPER}*${LOWER}+(?:${CONTRACTION})?|` +
  `[^\\r\\n\\p{L}\\p{N}]?${UPPER}+${LOWER}*(?:${CONTRACTION})?|` +
  `\\p{N}{1,3}| ?[^${WS}\\p{L}\\p{N}]+[\\r\\n/]*|${WHITESPACE_TAIL}`;
