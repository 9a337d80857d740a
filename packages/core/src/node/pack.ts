import { basename, resolve } from 'node:path';
import type { FileProvider } from '../files/provider';
import type { IgnoreMatcherOptions } from '../ignore/matcher';
import { type GeneratedPrompt, type PromptItem, promptSegments } from '../prompt/assemble';
import { CachedTokenCounter, type AsyncTokenCounter } from '../tokens/counter';
import { TokenSafeSplitter } from '../tokens/segments';
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
  /** Pieces that had to be tokenized (the rest came from the cache). */
  tokenized: number;
  timings: { scanMs: number; packMs: number };
}

const DEFAULT_ITEMS: PromptItem[] = [
  { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
  { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
];
/** Pieces per message to the counter while the rest is still being read. */
const COUNT_CHUNK_PIECES = 128;

/** Keeps each file's bytes by size+mtime so a re-pack reads only what changed. */
class MemoProvider implements FileProvider {
  private readonly memo = new Map<string, { size: number; mtime: number; bytes: Uint8Array }>();
  stats = new Map<string, { size: number; mtime: number }>();

  constructor(private readonly inner: FileProvider) {}

  list(dirPath: string) {
    return this.inner.list(dirPath);
  }

  async readFile(path: string): Promise<Uint8Array> {
    const stat = this.stats.get(path);
    const hit = this.memo.get(path);
    if (stat && hit && hit.size === stat.size && hit.mtime === stat.mtime) return hit.bytes;
    const bytes = await this.inner.readFile(path);
    if (stat) this.memo.set(path, { ...stat, bytes });
    return bytes;
  }
}

/**
 * Scans, reads, assembles and counts a folder the way the browser does, for the CLI and
 * the benchmarks. Keep one packer to re-pack: file bytes are kept by size+mtime and token
 * counts by content hash, so after an edit only the changed file is read and tokenized.
 */
export class ProjectPacker {
  private readonly provider: MemoProvider;
  private readonly ownsCounter: TokenizerPool | null;
  private readonly counter: CachedTokenCounter;
  readonly name: string;

  constructor(
    dir: string,
    private readonly options: PackOptions = {},
  ) {
    this.name = basename(resolve(dir));
    this.provider = new MemoProvider(new NodeFileProvider(dir));
    this.ownsCounter = options.counter ? null : new TokenizerPool();
    this.counter = new CachedTokenCounter(options.counter ?? this.ownsCounter!);
  }

  async pack(): Promise<PackResult> {
    const started = performance.now();
    const scan = await scanProject(this.provider, this.name, {
      corePatterns: this.options.corePatterns,
      globalPatterns: this.options.globalPatterns,
      useGitignore: this.options.useGitignore,
    });
    const index = buildTreeIndex(scan.root);
    this.provider.stats = new Map(index.stats);
    const scanned = performance.now();

    const skipped: GeneratedPrompt['skipped'] = [];
    const parts: string[] = [];
    const counting: Promise<number[]>[] = [];
    const splitter = new TokenSafeSplitter();
    let waiting: string[] = [];
    let tokenized = 0;
    let packedFiles = 0;
    const send = (pieces: string[]) => {
      waiting.push(...pieces);
      if (waiting.length < COUNT_CHUNK_PIECES) return;
      counting.push(this.countChunk(waiting, (misses) => (tokenized += misses)));
      waiting = [];
    };
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
      },
      skipped,
    );
    for await (const segment of segments) {
      if (segment.kind === 'file') packedFiles++;
      parts.push(segment.text);
      send(splitter.push(segment.text));
    }
    waiting.push(...splitter.flush());
    if (waiting.length > 0) counting.push(this.countChunk(waiting, (m) => (tokenized += m)));
    const counts = await Promise.all(counting);
    const totalTokens = counts.reduce((sum, chunk) => sum + chunk.reduce((a, b) => a + b, 0), 0);
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
