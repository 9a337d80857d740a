// A full pack: a folder's prompt assembled from a fresh scan and counted, kept for a re-pack.
import { countSegments } from '../counting/count-pieces';
import { ownFileText, promptSegmentBatches } from '../prompt/assemble';
import type { GeneratedPrompt, PromptSegment } from '../prompt/prompt-types';
import type { FileInclusionMode } from '../prompt/segments';
import type { CachedTokenCounter } from '../tokens/token-counter';
import type { ScanResult } from '../tree/scan';
import type { TreeIndex } from '../tree/tree-index';
import type { NodeFileProvider } from './file-provider';
import type { FileCount, LastPack } from './incremental';
import { DEFAULT_ITEMS, type PackOptions, type PackResult, withPrompt } from './pack-options';
import { packingEnvironment } from './pack-environment';
import { PromptBytes } from './prompt-bytes';
import { canPatchLater } from './repack';
import type { TokenizerPool } from './token-pool';
import { WrittenSegments } from './written-segments';

/** What a packer keeps across packs that a full pack reads and fills. */
export interface PackerCaches {
  readonly name: string;
  readonly provider: NodeFileProvider;
  readonly options: PackOptions;
  readonly counter: CachedTokenCounter;
  /** The worker pool behind the counter, when there is one. */
  readonly pool: TokenizerPool | null;
  /** Rendered file blocks by path+size+mtime, across packs. */
  readonly blocks: Map<string, string>;
  /** A file's piece as last counted, by path: reused while size, mtime and length hold. */
  readonly fileCounts: Map<string, FileCount>;
  /** Pieces that are not one file's (structure, request), by content hash. */
  readonly otherCounts: Map<string, number>;
}

/** The last written file's count on its own (`own`) and with what follows it (`piece`). */
export interface OwnLastFile {
  path: string;
  piece: number;
  own: number;
}

/**
 * Packs the folder as `scan` found it, the packer's pack number `layout`: the prompt, the
 * state a re-pack patches (null when a later pack cannot patch it), and the last file's own
 * count.
 */
export async function packInFull(
  packer: PackerCaches,
  scan: ScanResult,
  index: TreeIndex,
  layout: number,
  times: { started: number; scanned: number },
): Promise<{ result: PackResult; last: LastPack | null; lastFile: OwnLastFile | null }> {
  const { started, scanned } = times;
  const skipped: GeneratedPrompt['skipped'] = [];
  const sink = packer.options.promptBytes ? new PromptBytes() : null;
  const scanning = packer.options.secretScan === true;
  const selectedFiles = packer.options.select
    ? index.filePaths.filter(packer.options.select)
    : index.filePaths;
  // Scanning: each written file's content as read for the prompt (countSegments takes it).
  const contents = scanning ? new Map<string, string>() : undefined;
  const batches = promptSegmentBatches(
    {
      items: packer.options.items ?? DEFAULT_ITEMS,
      finalRequest: packer.options.finalRequest ?? '',
      mode: 'PROJECT',
      format: packer.options.format,
      project: {
        name: packer.name,
        provider: packer.provider,
        root: scan.root,
        fileCount: index.filePaths.length,
        stats: index.stats,
      },
      selectedFiles,
      sizeLimitBytes: packer.options.sizeLimitBytes,
      // A packer that packs once (watch false) would only fill it: a key per file.
      blockCache: packer.options.watch === false ? undefined : packer.blocks,
      budget: packer.options.budget,
      fileModes: modesOf(packer.options, selectedFiles),
      outline: packer.options.outline,
    },
    skipped,
    contents,
  );
  const onProgress = packer.options.onProgress;
  const written = new WrittenSegments(sink, (count) => onProgress?.(count, selectedFiles.length));
  // A first pack has no counts to find by content: its pieces go to the pool unhashed
  // (the hash would cost the main thread as much as reading). Later packs hash the few
  // pieces that changed, so a file touched but unchanged is not re-tokenized.
  const environment = packingEnvironment({
    counter: layout === 1 ? packer.counter.inner : packer.counter,
    pool: packer.pool,
    disk: packer.options.pieceCache,
    memory: { fileCounts: packer.fileCounts, otherCounts: packer.otherCounts },
    stats: index.stats,
    layout,
    scanning,
  });
  const counted = (await countSegments(written.through(batches), environment, {
    contents,
    keepSegments: !sink,
  }))!;
  const totalTokens = counted.total;
  const { parts, files, lastFile } = written;
  const packedFiles = files.length;
  const ownLast = lastFile && (await ownCount(packer, lastFile, layout));
  const findingsOf = counted.findings;
  await packer.options.pieceCache?.save();
  const last = canPatchLater(packer.options, { streamed: sink !== null, scanning })
    ? {
        files: scan.files,
        nodes: null,
        index,
        texts: parts,
        skipped,
        packedFiles,
        written: files,
        totalTokens,
        layout,
      }
    : null;
  const result = withPrompt(sink ?? parts, {
    fileCount: index.filePaths.length,
    packedFiles,
    files,
    skipped: [...skipped],
    totalTokens,
    tokenized: counted.tokenized,
    secrets: findingsOf ? files.flatMap((path) => findingsOf.get(path) ?? []) : null,
    timings: { scanMs: scanned - started, packMs: performance.now() - started },
  });
  return { result, last, lastFile: ownLast };
}

/** The selected files' modes other than full, as `fileMode` gives them (none: all full). */
function modesOf(
  options: PackOptions,
  paths: readonly string[],
): Map<string, FileInclusionMode> | undefined {
  const modeOf = options.fileMode;
  if (!modeOf) return undefined;
  const modes = new Map<string, FileInclusionMode>();
  for (const path of paths) {
    const mode = modeOf(path);
    if (mode && mode !== 'full') modes.set(path, mode);
  }
  return modes;
}

/**
 * The last written file's tokens without what follows the files (`filesClose` kept), when
 * its piece of this pack holds more: one more count, of one file.
 */
async function ownCount(
  packer: PackerCaches,
  segment: PromptSegment,
  layout: number,
): Promise<OwnLastFile | null> {
  const record = packer.fileCounts.get(segment.path!);
  if (!record || record.layout !== layout) return null;
  const own = await ownFileText(segment, packer.options.format);
  if (own === null) return null;
  const [count] = await packer.counter.countMany([own]);
  return { path: segment.path!, piece: record.count, own: count ?? record.count };
}
