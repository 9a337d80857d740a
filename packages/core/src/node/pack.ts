import { basename, resolve } from 'node:path';
import { IgnoreMatcher, type IgnoreMatcherOptions } from '../ignore/matcher';
import { type GeneratedPrompt, type PromptItem, promptSegments } from '../prompt/assemble';
import { CachedTokenCounter, type AsyncTokenCounter } from '../tokens/counter';
import { hashText } from '../tokens/hash';
import { buildTreeIndex } from '../tree/tree-index';
import { scanProject } from '../tree/scan';
import { NodeFileProvider } from './file-provider';
import { TokenizerPool } from './token-pool';

/** Pass the core system list (CORE_SYSTEM_IGNORE_PATTERNS) as corePatterns, as the app does. */
export interface PackOptions extends IgnoreMatcherOptions {
  /** Composition; default: the project structure, then every file's content. */
  items?: PromptItem[];
  finalRequest?: string;
  useGitignore?: boolean;
  /** Default: a TokenizerPool sized to the cores, closed by close(). */
  counter?: AsyncTokenCounter;
  sizeLimitBytes?: number;
}

export interface PackResult {
  prompt: string;
  fileCount: number;
  /** Files written into the prompt. */
  packedFiles: number;
  skipped: GeneratedPrompt['skipped'];
  /** Sum of the per-piece (per-file) counts: equal to the whole prompt's count. */
  totalTokens: number;
  /** Pieces that had to be tokenized (the rest came from the caches). */
  tokenized: number;
  timings: { scanMs: number; packMs: number };
}

const DEFAULT_ITEMS: PromptItem[] = [
  { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
  { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
];
function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11;
}

/** Pieces per message to the counter while the rest is still being read. */
const COUNT_CHUNK_PIECES = 128;

/**
 * Scans, reads, assembles and counts a folder the way the browser does, for the CLI and
 * the benchmarks. Keep one packer to re-pack: rendered file blocks and their token counts
 * are kept by path+size+mtime (counts also by content hash), so after an edit only the
 * changed file is read and tokenized.
 */
export class ProjectPacker {
  private readonly provider: NodeFileProvider;
  private readonly ownsCounter: TokenizerPool | null;
  private readonly counter: CachedTokenCounter;
  readonly name: string;
  private readonly matcher: IgnoreMatcher;
  /** Rendered file blocks by path+size+mtime, across packs. */
  private readonly blocks = new Map<string, string>();
  /** Piece key (file stat, else content hash) -> tokens, across packs. */
  private readonly pieceCounts = new Map<string, number>();

  constructor(
    dir: string,
    private readonly options: PackOptions = {},
  ) {
    this.name = basename(resolve(dir));
    this.matcher = IgnoreMatcher.create(options);
    this.provider = new NodeFileProvider(dir);
    this.ownsCounter = options.counter ? null : new TokenizerPool();
    this.counter = new CachedTokenCounter(options.counter ?? this.ownsCounter!);
  }

  async pack(): Promise<PackResult> {
    const started = performance.now();
    const scan = await scanProject(this.provider, this.name, {
      matcher: this.matcher,
      useGitignore: this.options.useGitignore,
    });
    const index = buildTreeIndex(scan.root);
    const scanned = performance.now();

    const skipped: GeneratedPrompt['skipped'] = [];
    const parts: string[] = [];
    const counting: Promise<void>[] = [];
    let totalTokens = 0;
    let tokenized = 0;
    let packedFiles = 0;
    let waiting: { key: string; text: string }[] = [];
    const send = () => {
      const batch = waiting;
      waiting = [];
      counting.push(
        this.counter.countManyDetailed(batch.map((p) => p.text)).then(({ counts, misses }) => {
          tokenized += misses;
          batch.forEach((piece, i) => {
            this.pieceCounts.set(piece.key, counts[i]!);
            totalTokens += counts[i]!;
          });
        }),
      );
    };
    // A piece is a run of segments between safe cuts (tokens/segments): normally one file.
    let piece: { texts: string[]; key: string | null } | null = null;
    const flush = () => {
      if (!piece) return;
      const text = piece.texts.length === 1 ? piece.texts[0]! : piece.texts.join('');
      const key = piece.key ?? hashText(text);
      const known = this.pieceCounts.get(key);
      if (known !== undefined) totalTokens += known;
      else waiting.push({ key, text });
      if (waiting.length >= COUNT_CHUNK_PIECES) send();
      piece = null;
    };
    let endsWithNewline = false;
    const segments = promptSegments(
      {
        items: this.options.items ?? DEFAULT_ITEMS,
        finalRequest: this.options.finalRequest ?? '',
        mode: 'PROJECT',
        project: {
          name: this.name,
          provider: this.provider,
          root: scan.root,
          fileCount: index.filePaths.length,
          stats: index.stats,
        },
        selectedFiles: index.filePaths,
        sizeLimitBytes: this.options.sizeLimitBytes,
        blockCache: this.blocks,
      },
      skipped,
    );
    for await (const segment of segments) {
      parts.push(segment.text);
      const stat = segment.path === undefined ? undefined : index.stats.get(segment.path);
      if (segment.kind === 'file') packedFiles++;
      // Unchanged files are known by path+size+mtime (+ length, which holds the separator):
      // a re-pack neither hashes nor tokenizes them.
      const key = stat
        ? `${segment.path}\0${stat.size}\0${stat.mtime}\0${segment.text.length}`
        : null;
      if (piece && !(endsWithNewline && !isSpace(segment.text.charCodeAt(0)))) {
        piece.texts.push(segment.text);
        piece.key = null;
      } else {
        flush();
        piece = { texts: [segment.text], key };
      }
      endsWithNewline = segment.text.endsWith('\n');
    }
    flush();
    if (waiting.length > 0) send();
    await Promise.all(counting);
    return {
      prompt: parts.join(''),
      fileCount: index.filePaths.length,
      packedFiles,
      skipped,
      totalTokens,
      tokenized,
      timings: { scanMs: scanned - started, packMs: performance.now() - started },
    };
  }

  private async countChunk(
    pieces: string[],
    onMisses: (misses: number) => void,
  ): Promise<number[]> {
    const { counts, misses } = await this.counter.countManyDetailed(pieces);
    onMisses(misses);
    return counts;
  }

  async close(): Promise<void> {
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
