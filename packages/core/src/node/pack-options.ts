import type { IgnoreMatcherOptions } from '../ignore/matcher';
import type { TokenizerId } from '../models/presets';
import type { PromptFormat } from '../prompt/formats';
import type { GeneratedPrompt, PromptInput, PromptItem } from '../prompt/prompt-types';
import type { FileInclusionMode } from '../prompt/segments';
import type { AsyncTokenCounter } from '../tokens/token-counter';
import type { SecretFinding } from '../secrets/scan';
import type { DiskPieceCache } from './piece-cache';
import { PromptBytes, bytesOf } from './prompt-bytes';

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
  /** How the prompt reads (default: the sections format). */
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
  /**
   * Keep the prompt as UTF-8 bytes as it is written (PromptBytes), for a caller that writes
   * it out (the CLI's file or stdout): its texts are then collected young instead of copied
   * by every collection, and `prompt` is only decoded if read. A packer that keeps its texts
   * for a patched re-pack does not use it (default false).
   */
  promptBytes?: boolean;
}

export interface PackResult {
  /** The whole prompt, made on first read (with `promptBytes`: decoded from `bytes()`). */
  readonly prompt: string;
  /**
   * The prompt as UTF-8 bytes, chunks in order (with `promptBytes`: as kept; else encoded
   * from its texts one by one): a writer writes them without the joined string.
   */
  bytes(): readonly Uint8Array[];
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

export const DEFAULT_ITEMS: PromptItem[] = [
  { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
  { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
];

/** `result` with the prompt kept as `kept` (its texts, or its bytes), made on first read. */
export function withPrompt<T extends object>(
  kept: readonly string[] | PromptBytes,
  result: T,
): T & Pick<PackResult, 'prompt' | 'bytes'> {
  let prompt: string | undefined;
  return {
    ...result,
    get prompt() {
      return (prompt ??=
        kept instanceof PromptBytes ? Buffer.concat(kept.bytes()).toString('utf8') : kept.join(''));
    },
    bytes: () => (kept instanceof PromptBytes ? kept.bytes() : bytesOf(kept)),
  };
}
