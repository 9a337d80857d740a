import type { BlockType } from '../contract/blocks';
import type { FileProvider } from '../files/provider';
import type { ReadResult } from '../files/read';
import type { Language } from '../limits';
import type { StructureMode } from '../tree/structure';
import type { FileStat, FileTreeNode } from '../tree/types';
import type { AnswerFormatMode } from './answer-format';
import type { PreviousPrompt } from './changes-since';
import type { PromptFormat } from './formats';
import type { FileInclusionMode } from './segments';

/** One working composition item with its block's type and content resolved. */
export interface PromptItem {
  type: BlockType;
  content: string;
  isActive: boolean;
  /** The block's name: the XML and Markdown formats label a STATIC block with it. */
  name?: string;
  /** PROJECT_STRUCTURE only: what this instance shows (default auto, decision 031). */
  structure?: StructureMode;
  /** ANSWER_FORMAT only: the form this instance asks for (decision 047). */
  answerFormat?: AnswerFormatMode;
}

export interface PromptProject {
  name: string;
  provider: FileProvider;
  /** The scanned (already filtered) tree. */
  root: FileTreeNode;
  fileCount: number;
  /** Sizes let oversized files be skipped without reading them. */
  stats?: ReadonlyMap<string, FileStat>;
}

export interface PromptInput {
  items: readonly PromptItem[];
  finalRequest: string;
  /** null in standalone mode: project sections are then left out. */
  project: PromptProject | null;
  /** PROJECT mode needs a project; STANDALONE generates without one. */
  mode: 'PROJECT' | 'STANDALONE';
  /** Selected file paths; written in this order. */
  selectedFiles: readonly string[];
  /** When the prompt is made (default now); PROJECT_INFO writes it in the prompt's language. */
  date?: Date;
  /** The time zone PROJECT_INFO's date is written in (default the runtime's). */
  timeZone?: string;
  /** The model's token budget, which auto structure blocks fit (default: the default model's). */
  budget?: number;
  batchSize?: number;
  sizeLimitBytes?: number;
  /**
   * Rendered file blocks by path+size+mtime, kept by the caller across generations: an
   * unchanged file is then neither read nor rendered again (unused when contents are
   * collected, as for the history snapshot).
   */
  blockCache?: Map<string, string>;
  /** How the prompt reads (default: the sections format). */
  format?: PromptFormat;
  /** Per selected file, how much of it goes in (default full). */
  fileModes?: ReadonlyMap<string, FileInclusionMode>;
  /**
   * A file's outline for the 'outline' mode (decision 020). Without one, or when it
   * gives null, the file goes in whole.
   */
  outline?: (path: string, content: string) => string | null | Promise<string | null>;
  /**
   * The prompt's language: ANSWER_FORMAT and CHANGES_SINCE_LAST_PROMPT write in it, and
   * PROJECT_INFO's date follows its format (default en).
   */
  language?: Language;
  /** The project's last prompt, which CHANGES_SINCE_LAST_PROMPT compares with (none: says so). */
  previousPrompt?: PreviousPrompt | null;
  /**
   * Counting only: true for a file included in full whose segment the caller can answer
   * without its text (it remembers the count by path, size and mtime). Such a file is not
   * read: its segment comes `unread`. Ignored when contents are collected (generation).
   */
  knownFile?: (path: string) => boolean;
}

/**
 * A piece of the prompt. Concatenating every segment's text gives the prompt. A segment
 * carries the separator that follows it, so file segments start at a line beginning with
 * visible text and their token counts add up to the count of the whole (tokens/token-safe-splitter).
 */
export interface PromptSegment {
  kind: 'section' | 'file';
  text: string;
  /** For file segments. */
  path?: string;
  /**
   * File segments: the glue written before the file's block (the prompt's first segment
   * only) and after it; the segment's text is lead + block + trail.
   */
  lead?: string;
  trail?: string;
  /**
   * Set when the file was left unread (`knownFile`): `text` then holds only lead + trail,
   * and this reads the file and gives the segment's whole text.
   */
  unread?: () => Promise<string>;
}

export interface GeneratedPrompt {
  prompt: string;
  /** Files left out: too large (with its message), binary, unreadable. */
  skipped: Extract<ReadResult, { ok: false }>[];
  /** Path -> content of every file written (the history's fileContentSnapshot). */
  contents: Map<string, string>;
}
