import {
  DEFAULT_PROMPT_FORMAT,
  DEFAULT_TOKENIZER_ID,
  type CountPiece,
  type CountedSegments,
  type FileInclusionMode,
  type FileStat,
  type PromptInput,
  type PromptSegment,
  type SegmentMemo,
  type TokenizerId,
  boundaryOf,
  countSegments,
  hashText,
  ownFileText,
  promptSegmentBatches,
  rendererFor,
} from '@promptloom/core';
import { registerReset } from '#web/lib/reset-registry.ts';
import { frameBudget } from '#web/lib/yield-to-browser.ts';
import { storedCounts } from './count-store';
import { tokenizer } from './tokenizer-client';

export type { CountedSegments } from '@promptloom/core';

/**
 * A file's segments remembered at one size and mtime (its latest), by the glue around its
 * block (lead and trail), which differs with the file's place (the last one's trail closes
 * the files).
 */
interface FileMemos {
  size: number;
  mtime: number;
  byGlue: Map<string, SegmentMemo>;
}

/**
 * File segment -> tokens and boundary classes: by tokenizer, format and inclusion mode, then
 * by path. Looked up by the path itself, not a key built per file: a select all asks for
 * thousands of files twice (known, then recalled), and a key built for each ask costs a
 * string and its hash every time, where the tree's own path strings keep theirs.
 */
const fileSegmentCounts = new Map<string, Map<string, FileMemos>>();

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

const glueOf = (segment: PromptSegment) => `${segment.lead ?? ''}\u0000${segment.trail ?? ''}`;

/**
 * Assembles the prompt's segments and counts them through core's pipeline (countSegments):
 * segments not counted before go to the tokenizer workers in batches while later files are
 * still being read. A file included in full whose segment was counted before at the same
 * path, size and mtime — in this page, or in an earlier visit (the browser's count cache,
 * count-store) — is not even read (PromptInput.knownFile, decision 067): its count comes by
 * identity. Other file segments counted in an earlier visit come from the cache by hash. A
 * caller's own `input.knownFile` is asked too, after a file is found known (read progress
 * counts the files left unread through it). Resolves to null once `isStale()` says a newer count
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
  // A stat of 0 bytes at mtime 0 is not known yet (the listing's metadata stage).
  const statOf = (path: string) => {
    const stat = stats?.get(path);
    return stat && (stat.size !== 0 || stat.mtime !== 0) ? stat : undefined;
  };
  // The in-page memos of this count's scope, one map per inclusion mode.
  const scopes = new Map<FileInclusionMode, Map<string, FileMemos>>();
  const scopeOf = (path: string) => {
    const mode = input.fileModes?.get(path) ?? 'full';
    let scope = scopes.get(mode);
    if (!scope) {
      const key = `${tokenizerId}|${input.format ?? ''}|${mode}`;
      scope = fileSegmentCounts.get(key) ?? new Map<string, FileMemos>();
      fileSegmentCounts.set(key, scope);
      scopes.set(mode, scope);
    }
    return scope;
  };
  const memosOf = (path: string, stat: FileStat) => {
    const memos = scopeOf(path).get(path);
    return memos?.size === stat.size && memos.mtime === stat.mtime ? memos.byGlue : undefined;
  };
  const stored = input.project
    ? await storedCounts(`${tokenizerId}|${input.format ?? ''}|${input.project.name}`)
    : null;
  // A file's record per inclusion mode: the fit planner counts other modes of the same files.
  const nameOf = (path: string) => `${input.fileModes?.get(path) ?? 'full'}\u0000${path}`;
  // Thousands of cached files assemble as one long task unless the loop yields.
  const checkpoint = frameBudget();
  // The in-page map spans tokenizers; the stored scope is one tokenizer's already.
  const otherKey = (hash: string) => `${tokenizerId}|${hash}`;
  // Pieces of a batch dropped as stale: answered 0 so the run can end, never kept.
  const dropped = new WeakSet<CountPiece>();
  const known = (path: string) => {
    const stat = statOf(path);
    if (!stat) return false;
    return memosOf(path, stat) !== undefined || (stored?.knows(nameOf(path), stat) ?? false);
  };
  const counting: PromptInput = {
    ...input,
    knownFile: (path) => known(path) && (input.knownFile?.(path) ?? true),
  };
  return countSegments(promptSegmentBatches(counting), {
    count: async (pieces) => {
      if (settled) await settled;
      if (isStale()) {
        for (const piece of pieces) dropped.add(piece);
        return { counts: pieces.map(() => 0), findings: null };
      }
      const { counts, hashes } = await tokenizer.countManyHashed(
        pieces.map((piece) => piece.text),
        tokenizerId,
      );
      // The worker hashed each text already: `keep` stores that hash, not one made here.
      if (hashes) pieces.forEach((piece, i) => (piece.key ??= hashes[i]));
      return { counts, findings: null };
    },
    recall: (segment) => {
      const path = segment.path;
      const stat = path === undefined ? undefined : statOf(path);
      if (!stat) return undefined;
      const memo = memosOf(path!, stat)?.get(glueOf(segment));
      // A read segment with a stored record is checked by its text's hash (lookup) instead.
      if (memo || !segment.unread) return memo;
      return stored?.recall(nameOf(path!), stat, glueOf(segment));
    },
    lookup: (piece) => {
      if (piece.path === null) {
        piece.key = hashText(piece.text);
        const count = otherPieceCounts.get(otherKey(piece.key)) ?? stored?.otherCount(piece.key);
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
        const hash = piece.key ?? hashText(piece.text);
        if (otherPieceCounts.size >= OTHER_PIECES_MAX) otherPieceCounts.clear();
        otherPieceCounts.set(otherKey(hash), count);
        if (how === 'counted') stored?.putOther(hash, count);
        return;
      }
      const stat = statOf(piece.path);
      const segment = piece.segment;
      if (!stat || !segment) return;
      const text = piece.text;
      const glue = glueOf(segment);
      let memos = memosOf(piece.path, stat);
      if (!memos) {
        memos = new Map<string, SegmentMemo>();
        scopeOf(piece.path).set(piece.path, { size: stat.size, mtime: stat.mtime, byGlue: memos });
      }
      memos.set(glue, { count, ...boundaryOf(text) });
      // Answered by hash from a record kept without its glue: kept again, with it.
      const name = nameOf(piece.path);
      if (stored && (how === 'counted' || !stored.recall(name, stat, glue)))
        stored.put(name, stat, text, count, glue, piece.key);
    },
    isStale,
    checkpoint,
  });
}

/**
 * Each written file's tokens, as its row in the tree shows them and `pack`'s summary counts
 * them: its section with the separator to the next file. The last file's is its own section
 * (ownFileText): the separator before the part after the files (the request) belongs to no
 * file, the total alone counts it. That own count is remembered like a segment's, by its glue,
 * so typing the request does not tokenize the last file again.
 */
export async function fileTokensOf(
  counted: CountedSegments,
  input: PromptInput,
  stats: ReadonlyMap<string, FileStat> | undefined,
  tokenizerId: TokenizerId = DEFAULT_TOKENIZER_ID,
): Promise<Map<string, number>> {
  const tokens = new Map<string, number>();
  let last = -1;
  counted.segments.forEach((segment, i) => {
    if (segment.kind !== 'file' || !segment.path) return;
    tokens.set(segment.path, counted.counts[i] ?? 0);
    last = i;
  });
  const segment = counted.segments[last];
  // A segment joined into the piece before it has no count of its own to correct.
  if (!segment?.path || !counted.counts[last]) return tokens;
  const path = segment.path;
  const close = rendererFor(input.format ?? DEFAULT_PROMPT_FORMAT).filesClose;
  const glue = `${segment.lead ?? ''}\u0000${close}`;
  if (glue === glueOf(segment)) return tokens;
  const stat = stats?.get(path);
  const scope = `${tokenizerId}|${input.format ?? ''}|${input.fileModes?.get(path) ?? 'full'}`;
  const memos = fileSegmentCounts.get(scope)?.get(path);
  const fresh = stat && memos?.size === stat.size && memos.mtime === stat.mtime;
  const memo = fresh ? memos.byGlue.get(glue) : undefined;
  if (memo) {
    tokens.set(path, memo.count);
    return tokens;
  }
  const own = await ownFileText(segment, input.format);
  if (own === null) return tokens;
  const [count = 0] = await tokenizer.countMany([own], tokenizerId);
  if (fresh) memos.byGlue.set(glue, { count, ...boundaryOf(own) });
  tokens.set(path, count);
  return tokens;
}
