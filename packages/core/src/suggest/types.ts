import type { FileRole } from '../fit/roles';
import type { FileInclusionMode } from '../prompt/segments';

/**
 * Definitions and references of one file, from tree-sitter tags (outline/tags.js) or, when a
 * file was not parsed, from the lexical fallback of index-file.ts. Names as written.
 */
export interface FileTags {
  defs: string[];
  refs: string[];
}

/**
 * What the ranker knows of one file: plain, structured-cloneable data built from its path
 * and text alone, so a worker can build it file by file and keep it (IndexedDB, the CLI's
 * cache folder) keyed by the file's content hash. Terms are 32-bit hashes (termHash) so
 * 25,000 entries stay small: the request is hashed the same way at rank time.
 */
export interface FileIndexEntry {
  /** Version of this shape: an entry of another version is rebuilt. */
  v: typeof INDEX_VERSION;
  path: string;
  /** Term hashes, sorted ascending, unique. */
  terms: Uint32Array;
  /** Occurrences of each term of `terms` (capped at 65,535). */
  counts: Uint16Array;
  /** Number of term occurrences: the document length of BM25. */
  length: number;
  /** Definitions (function, class, type… names as written), at most MAX_DEFS. */
  defs: string[];
  /** Hashes (termHash of the whole identifier) of the identifiers the file references. */
  refs: Uint32Array;
  /** Import specifiers as written (`./x`, `os.path`, `github.com/a/b`, `crate::x`). */
  imports: string[];
  /** Command-line flags the file defines, whole forms, `flag=ident` when bound to another name (flags.ts). */
  flags?: string[];
  /** A `go.mod`: the module path it declares (`github.com/spf13/cobra`), which Go imports start with. */
  goModule?: string;
  /** Whether defs and refs come from tree-sitter tags (true) or the lexical fallback. */
  tagged: boolean;
  /** Where each term occurs by passage, for a file longer than one passage. */
  passages?: FilePassages;
}

/**
 * Where a file's terms occur, by passage (windows of PASSAGE_LINES lines): term i of the
 * entry's `terms` is in passages ids[starts[i]..starts[i + 1]), counts[] times in each.
 */
export interface FilePassages {
  /** Term occurrences of each passage (its BM25 length). */
  lengths: Uint32Array;
  starts: Uint32Array;
  ids: Uint16Array;
  /** Occurrences in the passage, capped at 255. */
  counts: Uint8Array;
}

export const INDEX_VERSION = 8;

/** The files of a project, ready to rank against any request. */
export interface ProjectIndex {
  readonly files: readonly FileIndexEntry[];
  /** Index of each path in `files`. */
  readonly byPath: ReadonlyMap<string, number>;
  /** Mean document length (BM25). */
  readonly meanLength: number;
}

/** Why a file is suggested, as data the web translates; `message` is the CLI's English. */
export type SuggestReason =
  | { kind: 'mentioned'; message: string; line?: number }
  | { kind: 'defines'; name: string; message: string }
  | { kind: 'package'; name: string; message: string }
  | { kind: 'path'; word: string; message: string }
  | { kind: 'text'; words: string[]; message: string }
  | { kind: 'passage'; from: number; to: number; message: string }
  | { kind: 'imported-by-top'; from: string; message: string }
  | { kind: 'imports-top'; to: string; message: string }
  | { kind: 'related'; message: string }
  | { kind: 'changed'; message: string }
  | { kind: 'recent'; message: string }
  | { kind: 'past-change'; message: string }
  | { kind: 'linked-change'; ref: string; message: string }
  /**
   * Defines or reads a command-line flag the request names (`--print0`, as written there), or
   * uses a name of it (`uses`: `line_buffered`, the field its parser sets), or is in a folder
   * of its name (`folder`: `src/exec/` for `--exec`).
   */
  | {
      kind: 'flag';
      flag: string;
      defines: boolean;
      uses?: string;
      folder?: string;
      message: string;
    };

export type SuggestReasonKind = SuggestReason['kind'];

export interface RankedFile {
  path: string;
  /** Fused relevance, higher is better; comparable only within one ranking. */
  score: number;
  role: FileRole;
  /**
   * Lowered for its role (a test, docs, an asset…) that the request neither asks for nor
   * names: the selection gives it full text only after the files that were not (decision 123).
   */
  demoted?: boolean;
  reasons: SuggestReason[];
}

/** A past change of the project: its message and the files it changed (the CLI's git log). */
export interface PastChange {
  message: string;
  paths: readonly string[];
  /** The commit's hash, when the log gives it: a request may quote it. */
  sha?: string;
}

export interface RankOptions {
  /** Files changed since the project's last prompt (web) — a strong hint of what is worked on. */
  changedPaths?: readonly string[];
  /** Recency weight per path in (0, 1], 1 the most recent (the CLI's recent git commits). */
  recency?: ReadonlyMap<string, number>;
  /** Past changes, newest first (the CLI's git history): similar messages point at files. */
  history?: readonly PastChange[];
  /** How many files to return (default 20). */
  top?: number;
}

/** One suggested file and how it goes in the prompt. */
export interface SuggestedFile extends RankedFile {
  mode: Extract<FileInclusionMode, 'full' | 'outline'>;
  /** Exact tokens of the file in that mode. */
  tokens: number;
}

export interface SuggestedSelection {
  files: SuggestedFile[];
  /** Tokens of the suggested files in their modes. */
  tokens: number;
  budget: number;
}
