import { TOKENIZER_BATCH_CHARS } from '../limits';
import type { PromptSegment } from '../prompt/prompt-types';
import type { SecretFinding } from '../secrets/scan';
import { isSpace } from '../tokens/ascii-space';

/**
 * A file's content inside a piece, for the secret scan: [path, offset, length] in the
 * piece's text, or [path, 0, 0, content] when the content is not written verbatim (outline).
 */
export type PieceScanRef = [path: string, at: number, length: number, content?: string];

/** A run of segments between safe cuts (tokens/token-safe-splitter): normally one file's segment. */
export interface CountPiece {
  text: string;
  /** Index of its first segment, and how many segments it joins. */
  first: number;
  span: number;
  /** The file's path when the piece is exactly one file's segment; else null. */
  path: string | null;
  /** That segment, when `path` is set (its lead and trail name the glue around the file). */
  segment?: PromptSegment;
  /** The files inside to scan (scanning only). */
  scans: PieceScanRef[];
  /** Free for the environment: e.g. the content key it computed in `lookup`, kept for `keep`. */
  key?: string;
}

/** What is known of a piece: its tokens and, once scanned, its files' findings. */
export interface PieceAnswer {
  count: number;
  findings?: SecretFinding[];
}

/**
 * A file segment's count remembered without reading its characters (by path, size, mtime and
 * length): reading a string's first character flattens it (a rope built by concatenation),
 * so its boundary classes may come too.
 */
export interface SegmentMemo {
  count: number;
  startsVisible?: boolean;
  endsWithNewline?: boolean;
}

/**
 * Where the counting runs and what it remembers: the Node packer's worker pool and disk
 * cache, the browser's Web Workers and IndexedDB. Every method but `count` is optional.
 */
export interface CountingEnvironment {
  /** Counts a batch of pieces (in workers); with scans, each piece's findings too. */
  count(pieces: readonly CountPiece[]): Promise<{
    counts: number[];
    findings: SecretFinding[][] | null;
    /** Pieces actually tokenized (a content-hash cache behind `count` may answer some). */
    tokenized?: number;
  }>;
  /**
   * A segment's remembered count: used when the segment turns out to be a piece of its own.
   * An `unread` segment (its text not read, see PromptInput.knownFile) is answered only by a
   * memo with both boundary classes; else it is read.
   */
  recall?(segment: PromptSegment, index: number): SegmentMemo | undefined;
  /** A piece's answer kept from before (by content, or by file identity). */
  lookup?(piece: CountPiece): PieceAnswer | undefined;
  /** Every piece once answered, and how: to remember it for the next count. */
  keep?(piece: CountPiece, answer: PieceAnswer, how: 'counted' | 'stored' | 'recalled'): void;
  /** True once a newer count has begun: the run stops and resolves null. */
  isStale?(): boolean;
  /**
   * Called after each segment, awaited when it returns a promise (the browser yields there to
   * paint and take input); nothing returned goes on in the same task.
   */
  checkpoint?(): Promise<void> | void;
  /** Whether pieces carry their files' contents to scan. */
  scan?: boolean;
}

export interface CountedSegments {
  /**
   * As streamed: an unread segment answered by its memo keeps only its glue as text. Empty
   * with `keepSegments: false`.
   */
  segments: PromptSegment[];
  /** Per segment: a piece's count stands on its first segment, 0 on the others it joins. */
  counts: number[];
  total: number;
  /** Pieces tokenized (the rest came from what the environment remembered). */
  tokenized: number;
  /** Scanning: findings by path; else null. */
  findings: Map<string, SecretFinding[]> | null;
}

export interface CountOptions {
  /**
   * Scanning: each written file's content as read for the prompt (the map promptSegments
   * fills), taken and dropped as its segment comes.
   */
  contents?: Map<string, string>;
  /** A batch goes to `count` once it holds this many characters or pieces. */
  batchChars?: number;
  batchPieces?: number;
  /**
   * False: the segments are not kept for the result (a caller that keeps the prompt
   * elsewhere, e.g. as bytes): each text can be collected once counted, instead of being
   * copied by every collection until the end (default true).
   */
  keepSegments?: boolean;
}

const BATCH_PIECES = 128;

/**
 * A segment text's boundary classes, as the pipeline reads them to cut pieces: kept with a
 * count, they let a later count answer the segment without its text.
 */
export function boundaryOf(text: string): Required<Omit<SegmentMemo, 'count'>> {
  return { startsVisible: !isSpace(text.charCodeAt(0)), endsWithNewline: text.endsWith('\n') };
}

/**
 * Where each file's content stands in its piece (written verbatim in every format), so the
 * worker that counts the piece scans the content out of it without a second copy; an
 * outlined file (its content is not in the piece) is sent as it is.
 */
function scansOf(text: string, contents: readonly { path: string; content: string }[]) {
  const scans: PieceScanRef[] = [];
  let from = 0;
  for (const { path, content } of contents) {
    if (content === '') continue;
    const at = text.indexOf(content, from);
    if (at === -1) {
      scans.push([path, 0, 0, content]);
    } else {
      scans.push([path, at, content.length]);
      from = at + content.length;
    }
  }
  return scans;
}

/**
 * The one counting pipeline of the Node packer and the web app (decision 064): segments
 * are joined into pieces at safe cuts, so the pieces' counts add up to the whole prompt's;
 * each piece is answered from what the environment remembers, or sent to its counter in
 * batches while later files are still being read, so reading and counting overlap.
 * Segments come in batches (promptSegmentBatches); a batch is handled in one synchronous
 * pass but where a segment must be read or the checkpoint yields, so a count of segments
 * all answered without reading takes a turn of the event loop per batch, not per segment.
 */
export async function countSegments(
  batches: AsyncIterable<readonly PromptSegment[]>,
  env: CountingEnvironment,
  options: CountOptions = {},
): Promise<CountedSegments | null> {
  const batchChars = options.batchChars ?? TOKENIZER_BATCH_CHARS;
  const batchPieces = options.batchPieces ?? BATCH_PIECES;
  const scanning = env.scan === true;
  const contents = scanning ? options.contents : undefined;
  const all: PromptSegment[] = [];
  const keepSegments = options.keepSegments !== false;
  let streamed = 0;
  const counts: number[] = [];
  const findings = scanning ? new Map<string, SecretFinding[]>() : null;
  const counting: Promise<void>[] = [];
  let tokenized = 0;
  let waiting: CountPiece[] = [];
  let waitingChars = 0;

  const answer = (
    piece: CountPiece,
    result: PieceAnswer,
    how: 'counted' | 'stored' | 'recalled',
  ) => {
    counts[piece.first] = result.count;
    for (let i = 1; i < piece.span; i++) counts[piece.first + i] = 0;
    if (findings && result.findings) {
      for (const finding of result.findings) {
        const list = findings.get(finding.path);
        if (list) list.push(finding);
        else findings.set(finding.path, [finding]);
      }
    }
    env.keep?.(piece, result, how);
  };
  const send = () => {
    const batch = waiting;
    waiting = [];
    waitingChars = 0;
    counting.push(
      env.count(batch).then((result) => {
        tokenized += result.tokenized ?? batch.length;
        batch.forEach((piece, i) => {
          const found = result.findings?.[i];
          answer(
            piece,
            found ? { count: result.counts[i]!, findings: found } : { count: result.counts[i]! },
            'counted',
          );
        });
      }),
    );
  };

  interface OpenPiece {
    segments: PromptSegment[];
    first: number;
    path: string | null;
    memo: SegmentMemo | undefined;
    contents: { path: string; content: string }[];
  }
  let piece: OpenPiece | null = null;
  // A piece whose text is known: answered from memory, or queued for the counter.
  const settle = (text: string, open: OpenPiece, path: string | null) => {
    const { first, segments: joined } = open;
    const scans = scanning ? scansOf(text, open.contents) : [];
    const pending: CountPiece = { text, first, span: joined.length, path, scans };
    if (path !== null) pending.segment = joined[0];
    const stored = env.lookup?.(pending);
    if (stored && (!scanning || stored.findings)) return answer(pending, stored, 'stored');
    waiting.push(pending);
    waitingChars += text.length;
    if (waitingChars >= batchChars || waiting.length >= batchPieces) send();
  };
  // Synchronous unless a segment left unread must be read: a promise only then.
  const flush = (): Promise<void> | undefined => {
    const open = piece;
    if (!open) return;
    piece = null;
    const joined = open.segments;
    const span = joined.length;
    const path = span === 1 ? open.path : null;
    const memo = path === null ? undefined : open.memo;
    if (memo) {
      const first = open.first;
      const recalled = { text: joined[0]!.text, first, span, path, segment: joined[0], scans: [] };
      answer(recalled, { count: memo.count }, 'recalled');
      return;
    }
    // A segment left unread whose memo cannot answer (it joins its neighbours) is read now.
    if (joined.some((s) => s.unread)) {
      return Promise.all(joined.map((s) => (s.unread ? s.unread() : Promise.resolve(s.text)))).then(
        (texts) => settle(texts.join(''), open, path),
      );
    }
    settle(span === 1 ? joined[0]!.text : joined.map((s) => s.text).join(''), open, path);
  };

  let endsWithNewline = false;
  for await (const batch of batches) {
    for (let segment of batch) {
      if (env.isStale?.()) return null;
      const index = streamed++;
      // What is remembered does not hold findings: a scanning run counts and scans again.
      let memo = scanning || segment.kind !== 'file' ? undefined : env.recall?.(segment, index);
      if (segment.unread && memo?.startsVisible === undefined) memo = undefined;
      if (segment.unread && (!memo || memo.endsWithNewline === undefined)) {
        // Not answerable unread after all: read it, and count it as any read segment.
        const { unread, ...read } = segment;
        segment = { ...read, text: await unread() };
        memo = undefined;
      }
      if (keepSegments) all.push(segment);
      const text = segment.text;
      const content = segment.path === undefined ? undefined : contents?.get(segment.path);
      if (content !== undefined) contents!.delete(segment.path!);
      const startsVisible = memo?.startsVisible ?? !isSpace(text.charCodeAt(0));
      const scanned = content === undefined ? null : { path: segment.path!, content };
      if (piece && !(endsWithNewline && startsVisible)) {
        piece.segments.push(segment);
        if (scanned) piece.contents.push(scanned);
      } else {
        const reading = flush();
        if (reading) await reading;
        piece = {
          segments: [segment],
          first: index,
          path: segment.kind === 'file' ? (segment.path ?? null) : null,
          memo,
          contents: scanned ? [scanned] : [],
        };
      }
      endsWithNewline = memo?.endsWithNewline ?? text.endsWith('\n');
      const pause = env.checkpoint?.();
      if (pause) await pause;
    }
  }
  await flush();
  if (waiting.length > 0) send();
  await Promise.all(counting);
  if (env.isStale?.()) return null;
  let total = 0;
  for (const count of counts) total += count;
  return { segments: all, counts, total, tokenized, findings };
}
