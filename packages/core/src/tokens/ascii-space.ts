/**
 * ASCII whitespace by character code (space, \n, \r, \t, \f, \v): what the cl100k
 * pre-tokenizer calls \s among these codes, so a piece cut before a visible character after
 * them is a cut the tokenizer makes too.
 */
export function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11;
}
