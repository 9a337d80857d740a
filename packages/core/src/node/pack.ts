import { basename, resolve } from 'node:path';
import { IgnoreMatcher } from '../ignore/matcher';
import type { FileInclusionMode } from '../prompt/segments';
import type { TreeIndex } from '../tree/tree-index';
import type { FileTreeNode } from '../tree/types';
import { CachedTokenCounter } from '../tokens/token-counter';
import { buildTreeIndex } from '../tree/tree-index';
import { scanProject } from '../tree/scan';
import { NodeFileProvider, listDirectory } from './file-provider';
import { packInFull, type OwnLastFile } from './full-pack';
import type { FileCount, LastPack } from './incremental';
import type { PackOptions, PackResult } from './pack-options';
import { patchLastPack } from './repack';
import { filesPartCounts, segmentCounts } from './segment-counts';
import { TokenizerPool } from './token-pool';
import { WatchedListings } from './watched-listings';

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
  private lastFile: OwnLastFile | null = null;

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
    const { scan, index } = await this.scanFolder();
    this.lastScan = { root: scan.root, index };
    const scanned = performance.now();
    const layout = ++this.packs;
    const caches = {
      name: this.name,
      provider: this.provider,
      options: this.options,
      counter: this.counter,
      pool: this.pool,
      blocks: this.blocks,
      fileCounts: this.fileCounts,
      otherCounts: this.otherCounts,
    };
    const full = await packInFull(caches, scan, index, layout, { started, scanned });
    this.last = full.last;
    this.lastFile = full.lastFile;
    return full.result;
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
      const { scan, index } = await this.scanFolder();
      this.lastScan = { root: scan.root, index };
    }
    const paths = this.lastScan.index.filePaths;
    return this.options.select ? paths.filter(this.options.select) : paths;
  }

  /** The folder scanned with the packer's rules, and its tree's index. */
  private async scanFolder() {
    const scan = await scanProject(this.provider, this.name, {
      matcher: this.matcher,
      useGitignore: this.options.useGitignore,
    });
    return { scan, index: buildTreeIndex(scan.root) };
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
