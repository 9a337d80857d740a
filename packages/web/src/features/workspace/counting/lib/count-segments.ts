import {
  DEFAULT_TOKENIZER_ID,
  type CountPiece,
  type CountedSegments,
  type FileStat,
  type PromptInput,
  type SegmentMemo,
  type TokenizerId,
  countSegments,
  hashText,
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

/**
 * Pieces that are not one file's segment (blocks, structure, joined segments) -> tokens, by
 * tokenizer and the text's hash, as the packer keeps them: with these, a count whose files
 * are all known has nothing to send to the workers.
 */
const otherPieceCounts = new Map<string, number>();
const OTHER_PIECES_MAX = 10_000;

// Its keys hold the user's file paths; the other map's are hashes of their texts.
registerReset('file segment counts', () => {
  fileSegmentCounts.clear();
  otherPieceCounts.clear();
});

/**
 * Assembles the prompt's segments and counts them through core's pipeline (countSegments):
 * segments not counted before go to the tokenizer workers in batches while later files are
 * still being read; a file segment with the same path, size, mtime and length is not counted
 * again in this page, and one counted in an earlier visit (same text, by hash) comes from the
 * browser's count cache (count-store). Resolves to null once `isStale()` says a newer count
 * has started. With `settled`, nothing goes to the workers before it resolves (a burst of
 * changes starts one tokenizing run), and a batch whose count went stale meanwhile is dropped;
 * what is already known is answered at once.
 */
export async function countPromptSegments(
  input: PromptInput,
  stats: ReadonlyMap<string, FileStat> | undefined,
  isStale: () => boolean,
  tokenizerId: TokenizerId = DEFAULT_TOKENIZER_ID,
  settled?: Promise<void>,
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
  const otherKey = (text: string) => `${tokenizerId}|${hashText(text)}`;
  // Pieces of a batch dropped as stale: answered 0 so the run can end, never kept.
  const dropped = new WeakSet<CountPiece>();
  return countSegments(promptSegments(input), {
    count: async (pieces) => {
      if (settled) await settled;
      if (isStale()) {
        for (const piece of pieces) dropped.add(piece);
        return { counts: pieces.map(() => 0), findings: null };
      }
      return {
        counts: await tokenizer.countMany(
          pieces.map((piece) => piece.text),
          tokenizerId,
        ),
        findings: null,
      };
    },
    recall: (segment) =>
      segment.path ? fileSegmentCounts.get(keyOf(segment.path, segment.text.length)) : undefined,
    lookup: (piece) => {
      if (piece.path === null) {
        piece.key = otherKey(piece.text);
        const count = otherPieceCounts.get(piece.key);
        return count === undefined ? undefined : { count };
      }
      const stat = stats?.get(piece.path);
      if (!stored || !stat) return undefined;
      const count = stored.get(nameOf(piece.path), stat, piece.text);
      return count === undefined ? undefined : { count };
    },
    keep: (piece, { count }, how) => {
      if (how === 'recalled' || dropped.has(piece)) return;
      if (piece.path === null) {
        if (how !== 'counted') return;
        if (otherPieceCounts.size >= OTHER_PIECES_MAX) otherPieceCounts.clear();
        otherPieceCounts.set(piece.key ?? otherKey(piece.text), count);
        return;
      }
      const text = piece.text;
      fileSegmentCounts.set(keyOf(piece.path, text.length), { count });
      const stat = stats?.get(piece.path);
      if (how === 'counted' && stored && stat) stored.put(nameOf(piece.path), stat, text, count);
    },
    isStale,
    checkpoint,
  });
}
