import { basename, resolve } from 'node:path';
import { IgnoreMatcher, type IgnoreMatcherOptions } from '../ignore/matcher';
import type { TokenizerId } from '../models/presets';
import type { PromptFormat } from '../prompt/formats';
import {
  type GeneratedPrompt,
  type PromptInput,
  type PromptItem,
  promptSegments,
} from '../prompt/assemble';
import type { FileInclusionMode } from '../prompt/segments';
import type { TreeIndex } from '../tree/tree-index';
import type { FileTreeNode } from '../tree/types';
import { CachedTokenCounter, type AsyncTokenCounter } from '../tokens/counter';
import { hashText } from '../tokens/hash';
import { buildTreeIndex } from '../tree/tree-index';
import type { FileStat } from '../tree/types';
import { scanProject } from '../tree/scan';
import { NodeFileProvider, listDirectory } from './file-provider';
import {
  type FileCount,
  type LastPack,
  findContentChanges,
  isSpace,
  recordOf,
} from './incremental';
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

interface PendingPiece {
  text: string;
  /** Set when the piece is exactly one file's block (+ separator). */
  file: { path: string; size: number; mtime: number; segment: number } | null;
  key: string | null;
  /** The files inside to scan: [path, offset, length] in `text`, or [path, 0, 0, content]. */
  scans: [string, number, number, string?][];
  /** Its key in the on-disk cache. */
  diskKey: string | null;
}

const DEFAULT_ITEMS: PromptItem[] = [
  { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
  { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
];
/** Pieces per message to the counter while the rest is still being read. */
const COUNT_CHUNK_PIECES = 128;

/**
 * Where each file's content stands in its piece (written verbatim in every format), so the
 * worker that counts the piece scans the content out of it without a second copy; an
 * outlined file (its content is not in the piece) is sent as it is.
 */
function scansOf(
  text: string,
  contents: readonly { path: string; content: string }[],
): PendingPiece['scans'] {
  const scans: PendingPiece['scans'] = [];
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
    // and listings are kept between packs until the directory reports a change.
    const pool = options.counter instanceof TokenizerPool ? options.counter : this.ownsCounter;
    this.pool = pool;
    this.listings = new WatchedListings(
      pool ? (path) => pool.listDirectory(path) : (path) => Promise.resolve(listDirectory(path)),
    );
    this.provider = new NodeFileProvider(dir, (path) => this.listings.list(path));
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
    const counting: Promise<void>[] = [];
    let totalTokens = 0;
    let tokenized = 0;
    let packedFiles = 0;
    const files: string[] = [];
    let waiting: PendingPiece[] = [];
    // A first pack has no counts to find by content: its pieces go to the pool unhashed
    // (the hash would cost the main thread as much as reading). Later packs hash the few
    // pieces that changed, so a file touched but unchanged is not re-tokenized.
    const counter = this.packs === 0 ? this.counter.inner : this.counter;
    const layout = ++this.packs;
    const scanning = this.options.secretScan === true;
    const disk = this.options.pieceCache;
    /** Findings per written file (scanning only), put in prompt order at the end. */
    const findingsOf = new Map<string, SecretFinding[]>();
    const keepFindings = (found: readonly SecretFinding[]) => {
      for (const finding of found) {
        const list = findingsOf.get(finding.path) ?? [];
        list.push(finding);
        findingsOf.set(finding.path, list);
      }
    };
    const send = () => {
      const batch = waiting;
      waiting = [];
      const texts = batch.map((p) => p.text);
      counting.push(
        this.countBatch(counter, batch, texts).then(({ counts, misses, findings }) => {
          tokenized += misses;
          batch.forEach((piece, i) => {
            const count = counts[i]!;
            totalTokens += count;
            if (findings) keepFindings(findings[i]!);
            if (piece.diskKey !== null) {
              disk!.set(piece.diskKey, findings ? { count, findings: findings[i]! } : { count });
            }
            if (piece.file) {
              const { path, size, mtime, segment } = piece.file;
              this.fileCounts.set(path, recordOf(piece.text, size, mtime, count, layout, segment));
            } else {
              this.otherCounts.set(piece.key ?? hashText(piece.text), count);
            }
          });
        }),
      );
    };
    // A piece is a run of segments between safe cuts (tokens/segments): normally one file.
    let piece: {
      texts: string[];
      file: PendingPiece['file'];
      known: FileCount | undefined;
      /** Written files' contents to scan, with the segment that writes each. */
      contents: { path: string; content: string; segment: number }[];
    } | null = null;
    const flush = () => {
      if (!piece) return;
      const text = piece.texts.length === 1 ? piece.texts[0]! : piece.texts.join('');
      const diskKey = disk ? disk.keyOf(text) : null;
      const saved = diskKey === null ? undefined : disk!.get(diskKey);
      if (piece.texts.length === 1 && piece.file && piece.known && !scanning) {
        // Unchanged files are known by path+size+mtime (+ length, which holds the
        // separator): a re-pack neither hashes nor tokenizes them.
        totalTokens += piece.known.count;
        piece.known.layout = layout;
        piece.known.segment = piece.file.segment;
      } else if (saved && (!scanning || saved.findings)) {
        // Counted (and scanned) by an earlier run: the same text, so the same answers.
        totalTokens += saved.count;
        if (saved.findings) keepFindings(saved.findings);
        if (piece.texts.length === 1 && piece.file) {
          const { path, size, mtime, segment } = piece.file;
          this.fileCounts.set(path, recordOf(text, size, mtime, saved.count, layout, segment));
        }
      } else if (piece.texts.length === 1 && piece.file) {
        const scans = scanning ? scansOf(text, piece.contents) : [];
        waiting.push({ text, file: piece.file, key: null, scans, diskKey });
      } else {
        const key = hashText(text);
        const known = scanning ? undefined : this.otherCounts.get(key);
        if (known !== undefined) totalTokens += known;
        else {
          const scans = scanning ? scansOf(text, piece.contents) : [];
          waiting.push({ text, file: null, key, scans, diskKey });
        }
      }
      if (waiting.length >= COUNT_CHUNK_PIECES) send();
      piece = null;
    };
    let endsWithNewline = false;
    const selectedFiles = this.options.select
      ? index.filePaths.filter(this.options.select)
      : index.filePaths;
    const onProgress = this.options.onProgress;
    // Scanning: each written file's content as read for the prompt, taken (and dropped) as
    // its segment comes.
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
        blockCache: this.blocks,
        budget: this.options.budget,
        fileModes: this.modesOf(selectedFiles),
        outline: this.options.outline,
      },
      skipped,
      contents,
    );
    for await (const segment of segments) {
      const text = segment.text;
      parts.push(text);
      const content = segment.path === undefined ? undefined : contents?.get(segment.path);
      if (content !== undefined) contents!.delete(segment.path!);
      if (segment.kind === 'file') {
        packedFiles++;
        files.push(segment.path!);
        onProgress?.(packedFiles, selectedFiles.length);
      }
      const stat = segment.path === undefined ? undefined : index.stats.get(segment.path);
      const record = stat ? this.fileCounts.get(segment.path!) : undefined;
      const known =
        record &&
        record.size === stat!.size &&
        record.mtime === stat!.mtime &&
        record.length === text.length
          ? record
          : undefined;
      const startsVisible = known ? known.startsVisible : !isSpace(text.charCodeAt(0));
      const scanned =
        content === undefined ? null : { path: segment.path!, content, segment: parts.length - 1 };
      if (piece && !(endsWithNewline && startsVisible)) {
        piece.texts.push(text);
        piece.file = null;
        if (scanned) piece.contents.push(scanned);
      } else {
        flush();
        const file = stat
          ? { path: segment.path!, size: stat.size, mtime: stat.mtime, segment: parts.length - 1 }
          : null;
        piece = { texts: [text], file, known, contents: scanned ? [scanned] : [] };
      }
      endsWithNewline = known ? known.endsWithNewline : text.endsWith('\n');
    }
    flush();
    if (waiting.length > 0) send();
    await Promise.all(counting);
    // The patch path re-renders changed files as sections (renderFileBlock).
    await disk?.save();
    const patchable =
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
      tokenized,
      secrets: scanning ? files.flatMap((path) => findingsOf.get(path) ?? []) : null,
      timings: { scanMs: scanned - started, packMs: performance.now() - started },
    };
  }

  /**
   * Counts a batch of pieces; when some carry files to scan, the same workers scan them (the
   * pool's countAndScan), or this thread does when the counter is not a worker pool.
   */
  private async countBatch(
    counter: AsyncTokenCounter,
    batch: readonly PendingPiece[],
    texts: string[],
  ): Promise<{ counts: number[]; misses: number; findings: SecretFinding[][] | null }> {
    if (batch.some((piece) => piece.scans.length > 0)) {
      const scans: PieceScan[] = batch.flatMap((piece, i) =>
        piece.scans.map(([path, at, length, content]): PieceScan => [i, path, at, length, content]),
      );
      let found: SecretFinding[][];
      let counts: number[];
      if (this.pool) {
        ({ counts, findings: found } = await this.pool.countAndScan(texts, scans));
      } else {
        const { scanText } = await import('../secrets/scan');
        counts = await counter.countMany(texts);
        found = await Promise.all(
          scans.map(([i, path, at, length, content]) =>
            scanText(path, content ?? texts[i]!.slice(at, at + length)),
          ),
        );
      }
      const findings: SecretFinding[][] = batch.map(() => []);
      scans.forEach(([i], at) => findings[i]!.push(...found[at]!));
      return { counts, misses: counts.length, findings };
    }
    if (counter instanceof CachedTokenCounter) {
      return { ...(await counter.countManyDetailed(texts)), findings: null };
    }
    const counts = await counter.countMany(texts);
    return { counts, misses: counts.length, findings: null };
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

/** One-shot pack of a folder (see ProjectPacker to re-pack with warm caches). */
export async function packProject(dir: string, options: PackOptions = {}): Promise<PackResult> {
  const packer = new ProjectPacker(dir, options);
  try {
    return await packer.pack();
  } finally {
    await packer.close();
  }
}
