import {
  DEFAULT_TOKENIZER_ID,
  type CountedSegments,
  type FileStat,
  type PromptInput,
  type SegmentMemo,
  type TokenizerId,
  countSegments,
  promptSegments,
} from '@promptloom/core';
import { registerReset } from '../../../../lib/reset-registry';
import { frameBudget } from '../../../../lib/yield-to-browser';
import { fileKey } from '../../project-files';
import { storedCounts } from './count-store';
import { tokenizer } from './tokenizer-client';

export type { CountedSegments } from '@promptloom/core';

/**
 * File segment -> tokens, by tokenizer, format, path+size+mtime (and the segment's length, which
 * holds its lead).
 */
const fileSegmentCounts = new Map<string, SegmentMemo>();

// Its keys hold the user's file paths.
registerReset('file segment counts', () => fileSegmentCounts.clear());

/**
 * Assembles the prompt's segments and counts them through core's pipeline (countSegments):
 * segments not counted before go to the tokenizer workers in batches while later files are
 * still being read; a file segment with the same path, size, mtime and length is not counted
 * again in this page, and one counted in an earlier visit (same text, by hash) comes from the
 * browser's count cache (count-store). Resolves to null once `isStale()` says a newer count
 * has started.
 */
export async function countPromptSegments(
  input: PromptInput,
  stats: ReadonlyMap<string, FileStat> | undefined,
  isStale: () => boolean,
  tokenizerId: TokenizerId = DEFAULT_TOKENIZER_ID,
): Promise<CountedSegments | null> {
  const keyOf = (path: string, length: number) =>
    `${tokenizerId}|${input.format ?? ''}|${fileKey(path, stats?.get(path))}|${length}`;
  const stored = input.project
    ? await storedCounts(`${tokenizerId}|${input.format ?? ''}|${input.project.name}`)
    : null;
  // A file's record per inclusion mode: the fit planner counts other modes of the same files.
  const nameOf = (path: string) => `${input.fileModes?.get(path) ?? 'full'}\u0000${path}`;
  // Thousands of cached files assemble as one long task unless the loop yields.
  const checkpoint = frameBudget();
  return countSegments(promptSegments(input), {
    count: async (pieces) => ({
      counts: await tokenizer.countMany(
        pieces.map((piece) => piece.text),
        tokenizerId,
      ),
      findings: null,
    }),
    recall: (segment) =>
      segment.path ? fileSegmentCounts.get(keyOf(segment.path, segment.text.length)) : undefined,
    lookup: (piece) => {
      const stat = piece.path === null ? undefined : stats?.get(piece.path);
      if (!stored || !stat) return undefined;
      const count = stored.get(nameOf(piece.path!), stat, piece.text);
      return count === undefined ? undefined : { count };
    },
    keep: (piece, { count }, how) => {
      if (piece.path === null || how === 'recalled') return;
      const text = piece.text;
      fileSegmentCounts.set(keyOf(piece.path, text.length), { count });
      const stat = stats?.get(piece.path);
      if (how === 'counted' && stored && stat) stored.put(nameOf(piece.path), stat, text, count);
    },
    isStale,
    checkpoint,
  });
}
