import { basename, resolve } from 'node:path';
import { IgnoreMatcher, type IgnoreMatcherOptions } from '../ignore/matcher';
import type { TokenizerId } from '../models/presets';
import type { PromptFormat } from '../prompt/formats';
import {
  type GeneratedPrompt,
  type PromptInput,
  type PromptItem,
  type PromptSegment,
  promptSegments,
} from '../prompt/assemble';
import { type CountPiece, type CountingEnvironment, countSegments } from '../counting/count-pieces';
import type { FileInclusionMode } from '../prompt/segments';
import type { TreeIndex } from '../tree/tree-index';
import type { FileTreeNode } from '../tree/types';
import { CachedTokenCounter, type AsyncTokenCounter } from '../tokens/counter';
import { hashText } from '../tokens/hash';
import { buildTreeIndex } from '../tree/tree-index';
import type { FileStat } from '../tree/types';
import { scanProject } from '../tree/scan';
import { NodeFileProvider, listDirectory } from './file-provider';
import { type FileCount, type LastPack, findContentChanges, recordOf } from './incremental';
import type { SecretFinding } from '../secrets/scan';
import type { DiskPieceCache } from './piece-cache';
import { type PieceScan, TokenizerPool } from './token-pool';
import { WatchedListings } from './watched-listings';

/** Pass the core system list (CORE_SYSTEM_IGNORE_PATTERNS) as corePatterns, as the app does. */
export interface PackOptions extends IgnoreMatcherOptions {
  /** Composition; default: the project structure, then every file's content. */
  items?: PromptItem[];
  finalRequest?: string;
  useGitignore?: boolean;
  /** Default: a TokenizerPool sized to the cores, closed by close(). */
  counter?: AsyncTokenCounter;
  /** The own pool's tokenizer (a model preset's; default cl100k_base). */
  tokenizer?: TokenizerId;
  /** The model's token budget, which auto structure blocks fit. */
  budget?: number;
  /** Per written file, how much of it goes in (default full; the CLI's --outline, --fit). */
  fileMode?: (path: string) => FileInclusionMode | undefined;
  /** A file's outline for the 'outline' mode (e.g. an OutlinePool); null: the file whole. */
  outline?: PromptInput['outline'];
  sizeLimitBytes?: number;
  /**
   * Which listed files are written (the CLI's --include, --changed); default all. The
   * structure still shows every listed file, as the app does with a partial selection.
   */
  select?: (path: string) => boolean;
  /** How the prompt reads (default: the spec's sections). */
  format?: PromptFormat;
  /** Called after each file written (the CLI's progress bar). */
  onProgress?: (written: number, total: number) => void;
  /**
   * Scan every written file for secrets (core/secrets), in the counting workers, from the
   * same read: PackResult.secrets. Needs the own pool or a TokenizerPool as the counter.
   */
  secretScan?: boolean;
  /** Counts (and findings) kept between runs (the CLI's, in the user's cache folder). */
  pieceCache?: DiskPieceCache;
  /**
   * Keep directory listings for the next pack, each directory watched for changes (default
   * true); a packer that packs once (the CLI's) sets false: no watch per directory.
   */
  watch?: boolean;
}

export interface PackResult {
  prompt: string;
  fileCount: number;
  /** Files written into the prompt. */
  packedFiles: number;
  /** Their paths, in prompt order. */
  files: string[];
  skipped: GeneratedPrompt['skipped'];
  /** Sum of the per-piece (per-file) counts: equal to the whole prompt's count. */
  totalTokens: number;
  /** Pieces that had to be tokenized (the rest came from the caches). */
  tokenized: number;
  /** With `secretScan`: the written files' secrets, in prompt order; else null. */
  secrets: SecretFinding[] | null;
  timings: { scanMs: number; packMs: number };
}

const DEFAULT_ITEMS: PromptItem[] = [
  { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
  { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
];
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
  private lastScan: { root: FileTreeNode; index: TreeIndex } | null = null;

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
    const parts: string[] = [];
    let packedFiles = 0;
    const files: string[] = [];
    const layout = ++this.packs;
    const scanning = this.options.secretScan === true;
    const selectedFiles = this.options.select
      ? index.filePaths.filter(this.options.select)
      : index.filePaths;
    // Scanning: each written file's content as read for the prompt (countSegments takes it).
    const contents = scanning ? new Map<string, string>() : undefined;
    const segments = promptSegments(
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
    const written = async function* (): AsyncGenerator<PromptSegment> {
      for await (const segment of segments) {
        parts.push(segment.text);
        if (segment.kind === 'file') {
          packedFiles++;
          files.push(segment.path!);
          onProgress?.(packedFiles, selectedFiles.length);
        }
        yield segment;
      }
    };
    const counted = (await countSegments(
      written(),
      this.environment(index.stats, layout, scanning),
      { contents },
    ))!;
    const totalTokens = counted.total;
    const findingsOf = counted.findings;
    // The patch path re-renders changed files as sections (renderFileBlock).
    await this.options.pieceCache?.save();
    const patchable =
      this.options.watch !== false &&
      !scanning &&
      (this.options.format ?? 'sections') === 'sections' &&
      !this.options.fileMode &&
      !(this.options.items ?? DEFAULT_ITEMS).some(
        (item) => item.isActive && item.type === 'PROJECT_INFO',
      );
    this.last = patchable
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
    return {
      prompt: parts.join(''),
      fileCount: index.filePaths.length,
      packedFiles,
      files,
      skipped: [...skipped],
      totalTokens,
      tokenized: counted.tokenized,
      secrets: findingsOf ? files.flatMap((path) => findingsOf.get(path) ?? []) : null,
      timings: { scanMs: scanned - started, packMs: performance.now() - started },
    };
  }

  /**
   * The packer's side of the counting pipeline: its worker pool counts (and scans) batches;
   * a file's piece is remembered by path+size+mtime (+ length, which holds the separator), so
   * a re-pack neither hashes nor tokenizes unchanged files; other pieces by content hash; the
   * on-disk cache by the SHA-1 of the piece's text.
   */
  private environment(
    stats: ReadonlyMap<string, FileStat>,
    layout: number,
    scanning: boolean,
  ): CountingEnvironment {
    // A first pack has no counts to find by content: its pieces go to the pool unhashed
    // (the hash would cost the main thread as much as reading). Later packs hash the few
    // pieces that changed, so a file touched but unchanged is not re-tokenized.
    const counter = this.packs === 1 ? this.counter.inner : this.counter;
    const disk = this.options.pieceCache;
    const record = (piece: CountPiece, count: number) => {
      const stat = stats.get(piece.path!)!;
      this.fileCounts.set(
        piece.path!,
        recordOf(piece.text, stat.size, stat.mtime, count, layout, piece.first),
      );
    };
    // A cache with nothing to find yet (the first run on this folder): the pieces go to the
    // workers unhashed and come back with their keys, hashed there.
    const keyed =
      disk !== undefined && disk.size === 0 && this.pool !== null && counter === this.pool;
    const pool = this.pool;
    return {
      scan: scanning,
      count: (pieces) => this.countBatch(counter, pieces, keyed),
      // The workers' replies are taken (and their next batches sent) while files are read.
      checkpoint: pool ? () => pool.breathe() : undefined,
      // Nothing to recall on a packer's first pack (the CLI's only one).
      recall:
        this.fileCounts.size === 0
          ? undefined
          : (segment) => {
              const stat = stats.get(segment.path!);
              const known = stat ? this.fileCounts.get(segment.path!) : undefined;
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
        const known = this.otherCounts.get(hashText(piece.text));
        return known === undefined ? undefined : { count: known };
      },
      keep: (piece, answer, how) => {
        if (how === 'recalled') {
          const known = this.fileCounts.get(piece.path!)!;
          known.layout = layout;
          known.segment = piece.first;
          return;
        }
        if (piece.path !== null) record(piece, answer.count);
        if (how !== 'counted') return;
        if (disk && piece.key !== undefined) disk.set(piece.key, answer);
        if (piece.path === null) this.otherCounts.set(hashText(piece.text), answer.count);
      },
    };
  }

  /**
   * Counts a batch of pieces; when some carry files to scan, the same workers scan them (the
   * pool's countDetailed), or this thread does when the counter is not a worker pool. With
   * `keyed`, the workers also hash the pieces for the on-disk cache (piece.key).
   */
  private async countBatch(
    counter: AsyncTokenCounter,
    batch: readonly CountPiece[],
    keyed: boolean,
  ): Promise<{ counts: number[]; tokenized: number; findings: SecretFinding[][] | null }> {
    const texts = batch.map((piece) => piece.text);
    const scans: PieceScan[] = batch.flatMap((piece, i) =>
      piece.scans.map(([path, at, length, content]): PieceScan => [i, path, at, length, content]),
    );
    if (this.pool && (keyed || scans.length > 0)) {
      const { counts, findings, keys } = await this.pool.countDetailed(texts, {
        scans,
        keys: keyed,
      });
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

  /**
   * Re-pack by patching the last one when only file contents changed (findContentChanges:
   * every notified or uncacheable directory is re-listed and compared): the changed files
   * are read, rendered and counted, every other segment and count is the last pack's. Not
   * with PROJECT_INFO, whose date changes every time. `null`: pack in full.
   */
  private async patchLast(started: number): Promise<PackResult | null> {
    const last = this.last;
    if (!last) {
      this.listings.takeChanges();
      return null;
    }
    this.last = null;
    const changes = await findContentChanges(
      this.provider.rootDir,
      this.listings,
      this.provider,
      last,
      this.fileCounts,
      this.options.sizeLimitBytes,
    );
    if (!changes) return null;
    if (changes.length > 0) {
      last.nodes ??= new Map(last.files.map((node) => [node.path, node]));
      // The index is the packer's own (no result exposes it): patched in place.
      const stats = last.index.stats as Map<string, FileStat>;
      for (const { path, size, mtime } of changes) {
        const node = last.nodes.get(path)!;
        node.size = size;
        node.mtime = mtime;
        stats.set(path, { size, mtime });
      }
    }
    const index = last.index;
    const scanned = performance.now();
    const texts = last.texts.slice();
    const { counts, misses } = await this.counter.countManyDetailed(changes.map((c) => c.text));
    let totalTokens = last.totalTokens;
    changes.forEach((change, i) => {
      const { record, text, size, mtime } = change;
      texts[record.segment] = text;
      totalTokens += counts[i]! - record.count;
      const next = recordOf(text, size, mtime, counts[i]!, last.layout, record.segment);
      this.fileCounts.set(change.path, next);
    });
    this.last = { ...last, index, texts, totalTokens };
    return {
      prompt: texts.join(''),
      fileCount: index.filePaths.length,
      packedFiles: last.packedFiles,
      files: [...last.written],
      skipped: [...last.skipped],
      totalTokens,
      tokenized: misses,
      secrets: null,
      timings: { scanMs: scanned - started, packMs: performance.now() - started },
    };
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

  /**
   * Tokens of each of `paths`' file sections when written in `mode` (files only, in the
   * packer's format; `outline`: files whose outline is null are left out), over the last
   * pack's tree: what the fit planner weighs (core/fit), as the web app's modeCosts.
   */
  async segmentCounts(
    paths: readonly string[],
    mode: FileInclusionMode,
  ): Promise<Map<string, number>> {
    const scan = this.lastScan;
    if (!scan) throw new Error('segmentCounts needs a pack first');
    const outlined = new Set<string>();
    const outline = this.options.outline;
    const segments = promptSegments(
      {
        items: [{ type: 'SELECTED_FILES_CONTENT', content: '', isActive: true }],
        finalRequest: '',
        mode: 'PROJECT',
        format: this.options.format,
        project: {
          name: this.name,
          provider: this.provider,
          root: scan.root,
          fileCount: scan.index.filePaths.length,
          stats: scan.index.stats,
        },
        selectedFiles: paths,
        sizeLimitBytes: this.options.sizeLimitBytes,
        fileModes: new Map(paths.map((path) => [path, mode])),
        outline:
          outline &&
          (async (path, content) => {
            const text = await outline(path, content);
            if (text !== null) outlined.add(path);
            return text;
          }),
      },
      [],
    );
    const pieces: { path: string; text: string }[] = [];
    for await (const segment of segments) {
      if (segment.kind !== 'file' || segment.path === undefined) continue;
      if (mode === 'outline' && !outlined.has(segment.path)) continue;
      pieces.push({ path: segment.path, text: segment.text });
    }
    const counts = await this.counter.countMany(pieces.map((piece) => piece.text));
    return new Map(pieces.map((piece, i) => [piece.path, counts[i]!]));
  }

  /** Tokens of each file written by the last pack (files that were a piece of their own). */
  fileTokens(): Map<string, number> {
    const layout = this.packs;
    const out = new Map<string, number>();
    for (const [path, record] of this.fileCounts) {
      if (record.layout === layout) out.set(path, record.count);
    }
    return out;
  }

  async close(): Promise<void> {
    this.listings.close();
    await this.ownsCounter?.close();
  }
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

/** One-shot pack of a folder (see ProjectPacker to re-pack with warm caches). */
export async function packProject(dir: string, options: PackOptions = {}): Promise<PackResult> {
  const packer = new ProjectPacker(dir, options);
  try {
    return await packer.pack();
  } finally {
    await packer.close();
  }
}
