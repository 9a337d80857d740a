// Plain JavaScript on purpose: worker threads load it natively (no TypeScript loader, which
// costs a second per worker in development), and Vite bundles it for the Web Worker alike.
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';

// Text containing '<|endoftext|>' must count as text, not throw.
const OPTIONS = { disallowedSpecial: new Set() };

/** 1 letter (non-ASCII counted as letter), 2 ASCII punctuation, 3 whitespace, 0 digit. */
function charClass(c) {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c >= 128) return 1;
  if (c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11) return 3;
  if (c >= 48 && c <= 57) return 0;
  return 2;
}

/**
 * cl100k_base count of a text, BOM stripped. The pre-tokenizer makes one piece of a run of
 * letters, of punctuation or of whitespace, and BPE cost grows with the square of a piece's
 * length: one 80 000-letter run (an inlined SVG or blob) takes seconds. So a run of one
 * class longer than `longRun` is counted in chunks of `chunk` characters: bounded time, a
 * count off by at most a token or so per chunk, exact everywhere else (digits never form
 * long pieces).
 */
export function countCl100kGuarded(input, longRun, chunk) {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const length = text.length;
  if (length <= longRun) return countTokens(text, OPTIONS);
  let total = 0;
  let from = 0;
  let runStart = 0;
  let runClass = -1;
  for (let i = 0; i <= length; i++) {
    const cls = i < length ? charClass(text.charCodeAt(i)) : -2;
    if (cls === runClass) continue;
    if (runClass > 0 && i - runStart > longRun) {
      if (runStart > from) total += countTokens(text.slice(from, runStart), OPTIONS);
      for (let at = runStart; at < i; at += chunk) {
        total += countTokens(text.slice(at, Math.min(i, at + chunk)), OPTIONS);
      }
      from = i;
    }
    runStart = i;
    runClass = cls;
  }
  if (from < length) total += countTokens(text.slice(from), OPTIONS);
  return total;
}
