/**
 * Shapes of applying a model's answer: what the parser finds (edits), what the caller
 * passes in (file texts), and what the planner returns (one planned file per path).
 * Everything here is plain data, so the web app can keep it in a store and the CLI can
 * print it as JSON.
 */

/** The edit formats a model may answer in (a `<file>` element counts as a whole file). */
export type ApplyFormat = 'whole-file' | 'search-replace' | 'unified-diff';

/** A file's complete new text (fenced block under its path, or a `<file path>` element). */
export interface WholeFileEdit {
  kind: 'whole-file';
  path: string;
  text: string;
  blockIndex: number;
}

/** Removes a file (`<file path="…" action="delete">`). */
export interface DeleteFileEdit {
  kind: 'delete-file';
  path: string;
  blockIndex: number;
}

/** Replace the one place where `search` occurs by `replace` (an empty search creates or appends). */
export interface SearchReplaceEdit {
  kind: 'search-replace';
  path: string;
  search: string;
  replace: string;
  blockIndex: number;
}

/** One line of a hunk: ' ' context, '-' removed, '+' added; `noNewline` after "\ No newline…". */
export interface HunkLine {
  op: ' ' | '-' | '+';
  text: string;
  noNewline: boolean;
}

export interface Hunk {
  /** From the `@@ -oldStart,oldCount +newStart,newCount @@` header; null when the header has no numbers. */
  oldStart: number | null;
  newStart: number | null;
  lines: HunkLine[];
  /** Its body has fewer lines than its header counts (it was cut): never applied. */
  short?: boolean;
}

/** One file of a unified diff. `oldPath` null: a new file; `newPath` null: a deletion. */
export interface UnifiedDiffEdit {
  kind: 'unified-diff';
  /** The path the result lives at (the new path; the old one for a deletion). */
  path: string;
  oldPath: string | null;
  newPath: string | null;
  hunks: Hunk[];
  /** A binary patch or a "Binary files differ" line: never applied. */
  binary: boolean;
  /** `copy from`/`copy to`: `oldPath` stays as it is, `newPath` is created from it. */
  copy?: boolean;
  blockIndex: number;
}

export type AnswerEdit = WholeFileEdit | DeleteFileEdit | SearchReplaceEdit | UnifiedDiffEdit;

/** Something that looked like an edit but could not be read (a SEARCH without REPLACE, no path). */
export interface ParseProblem {
  code: 'NO_PATH' | 'UNTERMINATED_BLOCK' | 'DIVIDER_AMBIGUOUS' | 'DIFF_NAMES_DISAGREE';
  blockIndex: number;
  /** The line of the answer (1-based) where the block starts. */
  line: number;
  message: string;
}

export interface ParsedAnswer {
  /** In the order they appear in the answer; `blockIndex` numbers them from 0. */
  edits: AnswerEdit[];
  problems: ParseProblem[];
}

/**
 * A file as the caller read it. `text` is the whole file decoded as UTF-8 *with* its BOM
 * (a leading U+FEFF) if it has one — with TextDecoder that needs `{ ignoreBOM: true }` — so
 * that the planned text, encoded again, keeps the file's bytes. `binary`: the caller found
 * the file binary (a NUL byte); it is never edited.
 */
export interface FileText {
  text: string;
  binary?: boolean;
}

export type ApplyFailureCode =
  | 'SEARCH_NOT_FOUND'
  | 'SEARCH_AMBIGUOUS'
  /** The block's lines occur at so many places that comparing them all would take too long. */
  | 'SEARCH_TOO_AMBIGUOUS'
  /** A renamed file and another edit of its old path: written together or not at all. */
  | 'RENAME_INCOMPLETE'
  /** Files moving into paths the answer frees (`a → b`, `b → c`): written together or not at all. */
  | 'MOVE_INCOMPLETE'
  /** Blocks of a file that had failed many times already: counted, not tried. */
  | 'BLOCKS_NOT_TRIED'
  | 'ELIDED_CODE'
  | 'PATH_OUTSIDE'
  | 'PATH_GIT'
  | 'PATH_INVALID'
  | 'PATH_LINK'
  | 'PATH_CLASH'
  | 'BINARY'
  | 'HUNK_FAILED'
  /** A diff hunk of context lines only: git refuses it, and what it meant is not known. */
  | 'HUNK_NO_CHANGE'
  | 'FILE_MISSING'
  | 'FILE_EXISTS'
  | 'DELETE_LEAVES_TEXT'
  | 'NO_PATH'
  | 'UNTERMINATED_BLOCK'
  /** A search/replace block with several lines that could divide its sides. */
  | 'DIVIDER_AMBIGUOUS'
  /** A diff whose `diff --git` line and ---/+++ lines name different files. */
  | 'DIFF_NAMES_DISAGREE';

/** One run of a word-level diff: in both texts, only in what was looked for, only in the file. */
export interface ClosestWord {
  kind: 'same' | 'expected' | 'found';
  text: string;
}

/**
 * Lines of the current file nearest to what a failed block looked for (1-based, inclusive),
 * found by similarity; never applied.
 */
export interface ClosestLines {
  startLine: number;
  endLine: number;
  text: string;
  /** How alike the block's lines and these lines are, from 0 (nothing shared) to 1. */
  similarity: number;
  /**
   * A word-level diff of what the block looked for ('expected') against these lines
   * ('found'), in order; spaces and line breaks are kept inside the runs.
   */
  words: ClosestWord[];
}

/**
 * Why a block was not applied. `code` and `params` are stable (the web app translates
 * them); `message` is the English sentence the CLI prints.
 */
export interface ApplyFailure {
  code: ApplyFailureCode;
  params: Record<string, string | number>;
  message: string;
  blockIndex?: number;
  closest?: ClosestLines;
}

/** `unchanged`: every edit of the file was already applied or changes nothing; not written. */
export type PlannedStatus = 'modified' | 'new' | 'deleted' | 'renamed' | 'failed' | 'unchanged';

export interface PlannedFile {
  /** Where the result lives (the new path of a rename). */
  path: string;
  /** The path a rename comes from. */
  oldPath?: string;
  /** It takes the place of a file at `path` that the answer deletes (whose text is lost). */
  replacesDeleted?: boolean;
  status: PlannedStatus;
  /** The format of the first edit of this file. */
  format: ApplyFormat;
  /** The file's text now (null: it does not exist). */
  before: string | null;
  /** Its text after the apply (null: deleted). For a failed file, equal to `before`. */
  after: string | null;
  /** Lines added and removed (a line diff of before and after). */
  added: number;
  removed: number;
  /** Some edit replaced the whole file (a rewrite loses changes made since the prompt). */
  wholeFile: boolean;
  /** How many of its blocks were found already applied (skipped), even when others change it. */
  alreadyApplied: number;
  failures: ApplyFailure[];
}

export interface ApplyPlan {
  files: PlannedFile[];
  /** Blocks that name no file, or could not be read: nothing to apply them to. */
  failures: ApplyFailure[];
}
