import { TOKENIZER_BATCH_CHARS, TOKENIZER_BATCH_TEXTS } from '../limits';

/**
 * Cuts texts into consecutive batches for tokenizer workers: a batch closes once it holds
 * `maxChars` characters or `maxTexts` texts. Flattening the batches gives the texts back.
 */
export function tokenizerBatches(
  texts: readonly string[],
  maxChars = TOKENIZER_BATCH_CHARS,
  maxTexts = TOKENIZER_BATCH_TEXTS,
): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let chars = 0;
  for (const text of texts) {
    batch.push(text);
    chars += text.length;
    if (chars >= maxChars || batch.length >= maxTexts) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
