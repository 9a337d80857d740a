import {
  DEFAULT_TOKENIZER_ID,
  TOKENIZER_BATCH_CHARS,
  type TokenizerId,
  promptSegments,
  type FileStat,
  type PromptInput,
  type PromptSegment,
} from '@promptloom/core';
import { frameBudget } from '../../../../lib/yield-to-browser';
import { fileKey } from '../../project-files';
import { tokenizer } from './tokenizer-client';

/**
 * File segment -> tokens, by tokenizer, format, path+size+mtime (and the segment's length, which
 * holds its lead).
 */
const fileSegmentCounts = new Map<string, number>();

export interface CountedSegments {
  segments: PromptSegment[];
  counts: number[];
}

/**
 * Assembles the prompt's segments and counts them. Segments not counted before go to the
 * tokenizer in batches while later files are still being read, so reading and counting
 * overlap; a file segment with the same path, size, mtime and length is not counted again.
 * Resolves to null as soon as `isStale()` says a newer count has started.
 */
export async function countPromptSegments(
  input: PromptInput,
  stats: ReadonlyMap<string, FileStat> | undefined,
  isStale: () => boolean,
  tokenizerId: TokenizerId = DEFAULT_TOKENIZER_ID,
): Promise<CountedSegments | null> {
  const segments: PromptSegment[] = [];
  const counts: number[] = [];
  const counting: Promise<void>[] = [];
  let batch: { at: number; text: string; key: string | null }[] = [];
  let batchChars = 0;
  const send = () => {
    const sent = batch;
    batch = [];
    batchChars = 0;
    counting.push(
      tokenizer
        .countMany(
          sent.map((s) => s.text),
          tokenizerId,
        )
        .then((counted) => {
          sent.forEach(({ at, key }, i) => {
            const count = counted[i] ?? 0;
            counts[at] = count;
            if (key) fileSegmentCounts.set(key, count);
          });
        }),
    );
  };
  // Thousands of cached files assemble as one long task unless the loop yields.
  const checkpoint = frameBudget();
  for await (const segment of promptSegments(input)) {
    if (isStale()) return null;
    const at = segments.push(segment) - 1;
    const key =
      segment.kind === 'file' && segment.path
        ? `${tokenizerId}|${input.format ?? ''}|${fileKey(segment.path, stats?.get(segment.path))}|${segment.text.length}`
        : null;
    const known = key === null ? undefined : fileSegmentCounts.get(key);
    if (known !== undefined) {
      counts[at] = known;
    } else {
      batch.push({ at, text: segment.text, key });
      batchChars += segment.text.length;
      if (batchChars >= TOKENIZER_BATCH_CHARS) send();
    }
    await checkpoint();
  }
  if (batch.length > 0) send();
  await Promise.all(counting);
  return isStale() ? null : { segments, counts };
}
