import { TOKENIZER_WARM_UP_SLICES } from '../config/limits';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Pseudo-random letters: words that are not one token each (the tokenizer merges them), and
 * a run long enough to be one piece past its short-piece path.
 */
function letterRun(seed: number, length: number): string {
  let state = seed + 1;
  let run = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    run += LETTERS[state % LETTERS.length];
  }
  return run;
}

/** Lines per sample text: a slice is counted as many small files, as a real batch is. */
const LINES_PER_TEXT = 12;

/**
 * Source-like texts, different in every slice (counts are cached by content): code, prose
 * with accents, CJK and emoji, and a minified or encoded line's long runs, so that every
 * path of the tokenizer is taken, and many texts, so that its entry points get hot too (a
 * few long texts left them to be optimised during the user's count).
 */
function sampleSlice(slice: number): string[] {
  const lines: string[] = [
    `const blob${slice} = "${letterRun(slice, 600)}";`,
    `// 漢字かなカナ 한국어 emoji 🚀✨ — ${slice}`,
    `${' '.repeat(40 + slice)}return ${slice};`,
  ];
  for (let i = 0; i < 80; i++) {
    const n = slice * 80 + i;
    lines.push(
      `  const item${n}Value = await loadResource("path/to/file_${n % 97}.ts", { retries: ${n % 7} });`,
      `  // Step ${n}: compute the résumé's total — ${(n * 31) % 1000} ms, ${n % 13}% done.`,
      `  ${letterRun(n, 4 + (n % 11))}.${letterRun(n + 7, 3 + (n % 6))}(${letterRun(n + 3, 5)}, ${n});`,
      `  if (item${n}Value?.size > ${n * 17}) return [${n}, 0x${((n * 2654435761) % 0xffff).toString(16)}, "${'x'.repeat(n % 9)}"];`,
    );
  }
  const texts: string[] = [];
  for (let at = 0; at < lines.length; at += LINES_PER_TEXT) {
    texts.push(`${lines.slice(at, at + LINES_PER_TEXT).join('\n')}\n`);
  }
  return texts;
}

/**
 * Counts sample text once a tokenizer has loaded, so that its code paths are optimised by
 * the JavaScript engine before the user's first large count: optimised during that count,
 * the engine's compiler threads took both cores of a small machine, and keys typed meanwhile
 * waited (decision 086). One slice per task: a counting request waits for one at most.
 */
export function warmUp(counter: { countMany(texts: string[]): Promise<unknown> }, slice = 0): void {
  if (slice >= TOKENIZER_WARM_UP_SLICES) return;
  setTimeout(() => {
    void counter.countMany(sampleSlice(slice)).then(() => warmUp(counter, slice + 1));
  }, 0);
}
