import { basename, resolve } from 'node:path';
import { IgnoreMatcher } from '../ignore/matcher';
import { type GeneratedPrompt, type PromptSegment } from '../prompt/prompt-types';
import { ownFileText, promptSegmentBatches } from '../prompt/assemble';
import { countSegments } from '../counting/count-pieces';
import type { FileInclusionMode } from '../prompt/segments';
import type { TreeIndex } from '../tree/tree-index';
import type { FileTreeNode } from '../tree/types';
import { CachedTokenCounter } from '../tokens/token-counter';
import { buildTreeIndex } from '../tree/tree-index';
import { scanProject } from '../tree/scan';
import { NodeFileProvider, listDirectory } from './file-provider';
import type { FileCount, LastPack } from './incremental';
import { DEFAULT_ITEMS, type PackOptions, type PackResult, withPrompt } from './pack-options';
import { packingEnvironment } from './pack-environment';
import { PromptBytes } from './prompt-bytes';
import { canPatchLater, patchLastPack } from './repack';
import { filesPartCounts, segmentCounts } from './segment-counts';
import { TokenizerPool } from './token-pool';
import { WatchedListings } from './watched-listings';
import { WrittenSegments } from './written-segments';

export type { PackOptions, PackResult } from './pack-options';

/** A folder as a scan lists it: its tree and the tree's index (paths, sizes, mtimes). */
export interface ListedFolder {
  root: FileTreeNode;
  index: TreeIndex;
}

/**
 * Scans, reads, assembles and counts a folder the way the browser does, for the CLI and
 * the benchmarks. Keep one packer to re-pack: rendered file blocks and their token counts
 * are kept by path+size+mtime (counts also by content hash), so after an edit only the
 * changed file is read and tokenized.
 */
export class ProjectPacker {
  private readonly provider: NodeFileProvider;
  private readonly listings: WatchedListings;
  private readonly ownsCounter: TokenizerPool | null;
  /** The worker pool behind the counter, when there is one (it also scans and lists). */
  private readonly pool: TokenizerPool | null;
  private readonly counter: CachedTokenCounter;
  readonly name: string;
  private readonly matcher: IgnoreMatcher;
  /** Rendered file blocks by path+size+mtime, across packs. */
  private readonly blocks = new Map<string, string>();
  /** A file's piece as last counted, by path: reused while size, mtime and length hold. */
  private readonly fileCounts = new Map<string, FileCount>();
  /** Pieces that are not one file's (structure, request), by content hash. */
  private readonly otherCounts = new Map<string, number>();
  private packs = 0;
  /** The last pack's tree and segments, for a re-pack that only patches changed files. */
  private last: LastPack | null = null;
  /** The last full pack's tree, for segmentCounts. */
  private lastScan: ListedFolder | null = null;
  /**
   * The last file of the last full pack counted on its own, when its piece also holds the
   * separator before the next part (the request): `piece` is that piece's count.
   */
  private lastFile: { path: string; piece: number; own: number } | null = null;

  constructor(
    dir: string,
    private readonly options: PackOptions = {},
  ) {
    this.name = basename(resolve(dir));
    this.matcher = IgnoreMatcher.create(options);
    this.ownsCounter = options.counter ? null : new TokenizerPool(undefined, options.tokenizer);
    // The pool's workers also list directories for the scans (stats off the main thread),
    // and listings are kept between packs until the directory reports a change (unless
    // `watch` is false: nothing to patch then, each pack lists and packs in full).
    const pool = options.counter instanceof TokenizerPool ? options.counter : this.ownsCounter;
    this.pool = pool;
    this.listings = new WatchedListings(
      pool ? (path) => pool.listDirectory(path) : (path) => Promise.resolve(listDirectory(path)),
    );
    const list = pool
      ? (path: string) => pool.listDirectory(path).then((listing) => listing.entries)
      : undefined;
    this.provider = new NodeFileProvider(
      dir,
      options.watch === false ? list : (path) => this.listings.list(path),
    );
    this.counter = new CachedTokenCounter(options.counter ?? this.ownsCounter!);
  }

  async pack(): Promise<PackResult> {
    const started = performance.now();
    await this.listings.settle();
    const patched = await this.patchLast(started);
    if (patched) return patched;
    const scan = await scanProject(this.provider, this.name, {
      matcher: this.matcher,
      useGitignore: this.options.useGitignore,
    });
    const index = buildTreeIndex(scan.root);
    this.lastScan = { root: scan.root, index };
    const scanned = performance.now();

    const skipped: GeneratedPrompt['skipped'] = [];
    const sink = this.options.promptBytes ? new PromptBytes() : null;
    const layout = ++this.packs;
    const scanning = this.options.secretScan === true;
    const selectedFiles = this.options.select
      ? index.filePaths.filter(this.options.select)
      : index.filePaths;
    // Scanning: each written file's content as read for the prompt (countSegments takes it).
    const contents = scanning ? new Map<string, string>() : undefined;
    const batches = promptSegmentBatches(
      {
        items: this.options.items ?? DEFAULT_ITEMS,
        finalRequest: this.options.finalRequest ?? '',
        mode: 'PROJECT',
        format: this.options.format,
        project: {
          name: this.name,
          provider: this.provider,
          root: scan.root,
          fileCount: index.filePaths.length,
          stats: index.stats,
        },
        selectedFiles,
        sizeLimitBytes: this.options.sizeLimitBytes,
        // A packer that packs once (watch false) would only fill it: a key per file.
        blockCache: this.options.watch === false ? undefined : this.blocks,
        budget: this.options.budget,
        fileModes: this.modesOf(selectedFiles),
        outline: this.options.outline,
      },
      skipped,
      contents,
    );
    const onProgress = this.options.onProgress;
    const written = new WrittenSegments(sink, (count) => onProgress?.(count, selectedFiles.length));
    // A first pack has no counts to find by content: its pieces go to the pool unhashed
    // (the hash would cost the main thread as much as reading). Later packs hash the few
    // pieces that changed, so a file touched but unchanged is not re-tokenized.
    const environment = packingEnvironment({
      counter: this.packs === 1 ? this.counter.inner : this.counter,
      pool: this.pool,
      disk: this.options.pieceCache,
      memory: { fileCounts: this.fileCounts, otherCounts: this.otherCounts },
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
    this.lastFile = lastFile && (await this.ownCount(lastFile, layout));
    const findingsOf = counted.findings;
    await this.options.pieceCache?.save();
    this.last = canPatchLater(this.options, { streamed: sink !== null, scanning })
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
    return withPrompt(sink ?? parts, {
      fileCount: index.filePaths.length,
      packedFiles,
      files,
      skipped: [...skipped],
      totalTokens,
      tokenized: counted.tokenized,
      secrets: findingsOf ? files.flatMap((path) => findingsOf.get(path) ?? []) : null,
      timings: { scanMs: scanned - started, packMs: performance.now() - started },
    });
  }

  /**
   * The folder scanned as pack() scans it, with no prompt written or counted: the files
   * `select` keeps, in the order a pack writes them. segmentCounts and filesPartCounts count
   * over this tree, for a caller that only weighs files (a pack also counts the whole prompt,
   * the folder's structure included). `listed`: the folder as the caller listed it with the
   * same rules, not listed again. The next pack() packs in full.
   */
  async scanFiles(listed?: ListedFolder): Promise<string[]> {
    await this.listings.settle();
    this.last = null;
    this.listings.takeChanges();
    if (listed) {
      this.lastScan = listed;
    } else {
      const scan = await scanProject(this.provider, this.name, {
        matcher: this.matcher,
        useGitignore: this.options.useGitignore,
      });
      this.lastScan = { root: scan.root, index: buildTreeIndex(scan.root) };
    }
    const paths = this.lastScan.index.filePaths;
    return this.options.select ? paths.filter(this.options.select) : paths;
  }

  /** A re-pack that patches the last pack (patchLastPack); `null`: pack in full. */
  private async patchLast(started: number): Promise<PackResult | null> {
    const last = this.last;
    if (!last) {
      this.listings.takeChanges();
      return null;
    }
    this.last = null;
    const patched = await patchLastPack(
      last,
      {
        provider: this.provider,
        listings: this.listings,
        fileCounts: this.fileCounts,
        counter: this.counter,
        sizeLimitBytes: this.options.sizeLimitBytes,
      },
      started,
    );
    if (!patched) return null;
    this.last = patched.last;
    return patched.result;
  }

  private modesOf(paths: readonly string[]): Map<string, FileInclusionMode> | undefined {
    const modeOf = this.options.fileMode;
    if (!modeOf) return undefined;
    const modes = new Map<string, FileInclusionMode>();
    for (const path of paths) {
      const mode = modeOf(path);
      if (mode && mode !== 'full') modes.set(path, mode);
    }
    return modes;
  }

  /** Tokens of `paths`' file sections in `mode` over the last pack's tree (segmentCounts). */
  async segmentCounts(
    paths: readonly string[],
    mode: FileInclusionMode,
  ): Promise<Map<string, number>> {
    const scan = this.lastScan;
    if (!scan) throw new Error('segmentCounts needs a pack first');
    return segmentCounts(
      { name: this.name, provider: this.provider, ...scan },
      this.options,
      this.counter,
      paths,
      mode,
    );
  }

  /** The files part of a prompt of `paths` alone, in their modes, over the last pack's tree. */
  async filesPartCounts(
    paths: readonly string[],
    modes: ReadonlyMap<string, FileInclusionMode>,
  ): Promise<{ files: Map<string, number>; total: number }> {
    const scan = this.lastScan;
    if (!scan) throw new Error('filesPartCounts needs a pack first');
    return filesPartCounts(
      { name: this.name, provider: this.provider, ...scan },
      this.options,
      this.counter,
      paths,
      modes,
    );
  }

  /**
   * Tokens of each file written by the last pack (files that were a piece of their own): its
   * section and the separator to the next file, as segmentCounts counts it; the glue after
   * the last file (the separator before the request) is counted in the total only.
   */
  fileTokens(): Map<string, number> {
    const layout = this.packs;
    const out = new Map<string, number>();
    for (const [path, record] of this.fileCounts) {
      if (record.layout === layout) out.set(path, record.count);
    }
    const last = this.lastFile;
    if (last && out.get(last.path) === last.piece) out.set(last.path, last.own);
    return out;
  }

  /**
   * The last written file's tokens without what follows the files (`filesClose` kept), when
   * its piece of this pack holds more: one more count, of one file.
   */
  private async ownCount(segment: PromptSegment, layout: number) {
    const record = this.fileCounts.get(segment.path!);
    if (!record || record.layout !== layout) return null;
    const own = await ownFileText(segment, this.options.format);
    if (own === null) return null;
    const [count] = await this.counter.countMany([own]);
    return { path: segment.path!, piece: record.count, own: count ?? record.count };
  }

  async close(): Promise<void> {
    this.listings.close();
    await this.ownsCounter?.close();
  }
}

/** One-shot pack of a folder (see ProjectPacker to re-pack with warm caches). */
export async function packProject(dir: string, options: PackOptions = {}): Promise<PackResult> {
  const packer = new ProjectPacker(dir, options);
  try {
    return await packer.pack();
  } finally {
    await packer.close();
  }
}
