import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { TOKEN_LONG_RUN_CHARS, TOKEN_LONG_RUN_CHUNK_CHARS } from '../limits';
import type { TokenCounter } from './counter';

// Text containing '<|endoftext|>' must count as text, not throw.
const OPTIONS = { disallowedSpecial: new Set<string>() };

/** 1 letter (non-ASCII counted as letter), 2 ASCII punctuation, 3 whitespace, 0 digit. */
function charClass(c: number): number {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c >= 128) return 1;
  if (c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11) return 3;
  if (c >= 48 && c <= 57) return 0;
  return 2;
}

/**
 * cl100k_base count of a text, BOM stripped. The pre-tokenizer makes one piece of a run of
 * letters, of punctuation or of whitespace, and BPE cost grows with the square of a piece's
 * length: one 80 000-letter run (an inlined SVG or blob) takes seconds. So a run of one
 * class longer than TOKEN_LONG_RUN_CHARS is counted in fixed chunks: bounded time, a count
 * off by at most a token or so per chunk, and exact everywhere else (digits never form
 * long pieces). Free of DOM and Node APIs: Web Workers and worker threads import it as is.
 */
export function countCl100k(input: string): number {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const length = text.length;
  if (length <= TOKEN_LONG_RUN_CHARS) return countTokens(text, OPTIONS);
  let total = 0;
  let from = 0;
  let runStart = 0;
  let runClass = -1;
  for (let i = 0; i <= length; i++) {
    const cls = i < length ? charClass(text.charCodeAt(i)) : -2;
    if (cls === runClass) continue;
    if (runClass > 0 && i - runStart > TOKEN_LONG_RUN_CHARS) {
      if (runStart > from) total += countTokens(text.slice(from, runStart), OPTIONS);
      for (let at = runStart; at < i; at += TOKEN_LONG_RUN_CHUNK_CHARS) {
        const end = Math.min(i, at + TOKEN_LONG_RUN_CHUNK_CHARS);
        total += countTokens(text.slice(at, end), OPTIONS);
      }
      from = i;
    }
    runStart = i;
    runClass = cls;
  }
  if (from < length) total += countTokens(text.slice(from), OPTIONS);
  return total;
}

export const cl100kCounter: TokenCounter = { count: countCl100k };
