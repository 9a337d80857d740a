import type { CountPiece, CountingEnvironment } from '../counting/count-pieces';
import type { SecretFinding } from '../secrets/scan';
import { CachedTokenCounter, type AsyncTokenCounter } from '../tokens/token-counter';
import { hashText } from '../tokens/text-hash';
import type { FileStat } from '../tree/types';
import { type FileCount, recordOf } from './incremental';
import type { DiskPieceCache } from './piece-cache';
import type { PieceScan, TokenizerPool } from './token-pool';

/** What a packer remembers of its counts across packs. */
export interface PackerMemory {
  /** A file's piece as last counted, by path: reused while size, mtime and length hold. */
  fileCounts: Map<string, FileCount>;
  /** Pieces that are not one file's (structure, request), by content hash. */
  otherCounts: Map<string, number>;
}

export interface EnvironmentInput {
  /** Counts what nothing remembers (the packer's first pack: the pool itself, unhashed). */
  counter: AsyncTokenCounter;
  /** The worker pool behind the counter, when there is one. */
  pool: TokenizerPool | null;
  disk: DiskPieceCache | undefined;
  memory: PackerMemory;
  stats: ReadonlyMap<string, FileStat>;
  /** Id of this full pack (FileCount.layout). */
  layout: number;
  scanning: boolean;
}

/**
 * The packer's side of the counting pipeline: its worker pool counts (and scans) batches;
 * a file's piece is remembered by path+size+mtime (+ length, which holds the separator), so
 * a re-pack neither hashes nor tokenizes unchanged files; other pieces by content hash; the
 * on-disk cache by the SHA-1 of the piece's text.
 */
export function packingEnvironment(input: EnvironmentInput): CountingEnvironment {
  const { counter, pool, disk, memory, stats, layout, scanning } = input;
  const { fileCounts, otherCounts } = memory;
  const record = (piece: CountPiece, count: number) => {
    const stat = stats.get(piece.path!)!;
    fileCounts.set(
      piece.path!,
      recordOf(piece.text, stat.size, stat.mtime, count, layout, piece.first),
    );
  };
  // A cache with nothing to find yet (the first run on this folder): the pieces go to the
  // workers unhashed and come back with their keys, hashed there.
  const keyed = disk !== undefined && disk.size === 0 && pool !== null && counter === pool;
  return {
    scan: scanning,
    count: (pieces) => countBatch(counter, pool, pieces, keyed),
    // The workers' replies are taken (and their next batches sent) while files are read.
    checkpoint: pool ? () => pool.breathe() : undefined,
    // Nothing to recall on a packer's first pack (the CLI's only one).
    recall:
      fileCounts.size === 0
        ? undefined
        : (segment) => {
            const stat = stats.get(segment.path!);
            const known = stat ? fileCounts.get(segment.path!) : undefined;
            return known &&
              known.size === stat!.size &&
              known.mtime === stat!.mtime &&
              known.length === segment.text.length
              ? known
              : undefined;
          },
    lookup: (piece) => {
      if (disk && !keyed) {
        piece.key = disk.keyOf(piece.text);
        const saved = disk.get(piece.key);
        if (saved && (!scanning || saved.findings)) return saved;
      }
      if (piece.path !== null || scanning) return undefined;
      const known = otherCounts.get(hashText(piece.text));
      return known === undefined ? undefined : { count: known };
    },
    keep: (piece, answer, how) => {
      if (how === 'recalled') {
        const known = fileCounts.get(piece.path!)!;
        known.layout = layout;
        known.segment = piece.first;
        return;
      }
      if (piece.path !== null) record(piece, answer.count);
      if (how !== 'counted') return;
      if (disk && piece.key !== undefined) disk.set(piece.key, answer);
      if (piece.path === null) otherCounts.set(hashText(piece.text), answer.count);
    },
  };
}

/**
 * Counts a batch of pieces; when some carry files to scan, the same workers scan them (the
 * pool's countDetailed), or this thread does when the counter is not a worker pool. With
 * `keyed`, the workers also hash the pieces for the on-disk cache (piece.key).
 */
async function countBatch(
  counter: AsyncTokenCounter,
  pool: TokenizerPool | null,
  batch: readonly CountPiece[],
  keyed: boolean,
): Promise<{ counts: number[]; tokenized: number; findings: SecretFinding[][] | null }> {
  const texts = batch.map((piece) => piece.text);
  const scans: PieceScan[] = batch.flatMap((piece, i) =>
    piece.scans.map(([path, at, length, content]): PieceScan => [i, path, at, length, content]),
  );
  if (pool && (keyed || scans.length > 0)) {
    const { counts, findings, keys } = await pool.countDetailed(texts, { scans, keys: keyed });
    if (keys) batch.forEach((piece, i) => (piece.key = keys[i]));
    return {
      counts,
      tokenized: counts.length,
      findings: findings && perPiece(batch, scans, findings),
    };
  }
  if (scans.length > 0) {
    const { scanText } = await import('../secrets/scan');
    const counts = await counter.countMany(texts);
    const found = await Promise.all(
      scans.map(([i, path, at, length, content]) =>
        scanText(path, content ?? texts[i]!.slice(at, at + length)),
      ),
    );
    return { counts, tokenized: counts.length, findings: perPiece(batch, scans, found) };
  }
  if (counter instanceof CachedTokenCounter) {
    const { counts, misses } = await counter.countManyDetailed(texts);
    return { counts, tokenized: misses, findings: null };
  }
  const counts = await counter.countMany(texts);
  return { counts, tokenized: counts.length, findings: null };
}

/** Findings per scan (in `scans` order) gathered per piece of the batch. */
function perPiece(
  batch: readonly CountPiece[],
  scans: readonly PieceScan[],
  found: readonly SecretFinding[][],
): SecretFinding[][] {
  const findings: SecretFinding[][] = batch.map(() => []);
  scans.forEach(([i], at) => findings[i]!.push(...found[at]!));
  return findings;
}
