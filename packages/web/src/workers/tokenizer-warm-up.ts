import { TOKENIZER_WARM_UP_SLICES } from '@promptloom/core/limits';

/** Source-like text, different in every slice (counts are cached by content). */
function sampleSlice(slice: number): string {
  const lines: string[] = [];
  for (let i = 0; i < 80; i++) {
    const n = slice * 80 + i;
    lines.push(
      `  const item${n}Value = await loadResource("path/to/file_${n % 97}.ts", { retries: ${n % 7} });`,
      `  // Step ${n}: compute the résumé's total — ${(n * 31) % 1000} ms, ${n % 13}% done.`,
      `  if (item${n}Value?.size > ${n * 17}) return [${n}, 0x${((n * 2654435761) % 0xffff).toString(16)}, "${'x'.repeat(n % 9)}"];`,
    );
  }
  return `export function handler${slice}() {\n${lines.join('\n')}\n}\n`;
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
    void counter.countMany([sampleSlice(slice)]).then(() => warmUp(counter, slice + 1));
  }, 0);
}
