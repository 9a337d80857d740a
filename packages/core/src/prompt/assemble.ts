import type { BlockType } from '../contract/blocks';
import type { FileProvider } from '../files/provider';
import type { ReadResult } from '../files/read';
import { FALLBACK_LANGUAGE, type Language } from '../limits';
import { DEFAULT_MODEL_ID, findModelPreset, tokenBudget } from '../models/presets';
import { AUTO_STRUCTURE, renderStructure, type StructureMode } from '../tree/structure';
import type { FileStat, FileTreeNode } from '../tree/types';
import { type AnswerFormatMode, DEFAULT_ANSWER_FORMAT } from './answer-format';
import { changesSincePrompt, type PreviousPrompt } from './changes-since';
import { parseDynamicTaskContent } from './dynamic-task';
import { DEFAULT_PROMPT_FORMAT, type PromptFormat } from './formats';
import { type Piece, filePieces } from './file-pieces';
import { formatPromptDate } from './prompt-date';
import { rendererFor } from './render';
import type { FileInclusionMode, PromptPart } from './segments';

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

const DEFAULT_PRESET = findModelPreset(DEFAULT_MODEL_ID);
/** The budget structure blocks fit when the caller gives none: the default model's. */
export const DEFAULT_STRUCTURE_BUDGET = tokenBudget(
  DEFAULT_PRESET.contextWindow,
  DEFAULT_PRESET.answerReserve,
);

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
  /** How the prompt reads (default: the spec's sections). */
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

export type GenerationErrorCode = 'PROJECT_NOT_READY' | 'COMPOSITION_EMPTY';

/** Generation messages (French; the web shows them by code in the user's language). */
export const GENERATION_MESSAGES: Record<GenerationErrorCode, string> = {
  PROJECT_NOT_READY: "Le projet ou le fournisseur de fichiers n'est pas prêt.",
  COMPOSITION_EMPTY: 'Votre composition est vide.',
};

export class GenerationError extends Error {
  constructor(readonly code: GenerationErrorCode) {
    super(GENERATION_MESSAGES[code]);
    this.name = 'GenerationError';
  }
}

export interface GeneratedPrompt {
  prompt: string;
  /** Files left out: too large (with its message), binary, unreadable. */
  skipped: Extract<ReadResult, { ok: false }>[];
  /** Path -> content of every file written (the history's fileContentSnapshot). */
  contents: Map<string, string>;
}

/** Block types that need a project: left out of standalone prompts. */
export const PROJECT_ONLY_BLOCK_TYPES: ReadonlySet<BlockType> = new Set([
  'PROJECT_STRUCTURE',
  'SELECTED_FILES_CONTENT',
  'CHANGES_SINCE_LAST_PROMPT',
]);

export function validateGeneration(input: Pick<PromptInput, 'items' | 'project' | 'mode'>): void {
  if (input.mode === 'PROJECT' && !input.project) throw new GenerationError('PROJECT_NOT_READY');
  if (input.items.length === 0) throw new GenerationError('COMPOSITION_EMPTY');
}

function dynamicTaskText(content: string, request: string): string {
  const { prefix, suffix } = parseDynamicTaskContent(content);
  return [prefix, request, suffix].filter((part) => part.trim() !== '').join('\n\n');
}

/**
 * Streams the prompt: parts in composition order, inactive ones (and project ones in
 * standalone mode) skipped, empty ones dropped, each rendered in the input's format.
 * Files are read FILE_READ_BATCH at a time and come a read batch at a time, so a caller
 * counts or writes while the next batch is read, each batch in one synchronous pass (files
 * answered unread cost a turn of the event loop per batch, not several per file).
 * `skipped` collects the files left out.
 * Each segment ends with the glue that follows it (glue before the first segment starts
 * it), so every later segment begins at a line start with its own text: the cut points
 * the tokenizer never merges across.
 */
export async function* promptSegmentBatches(
  input: PromptInput,
  skipped: GeneratedPrompt['skipped'] = [],
  contents?: Map<string, string>,
): AsyncGenerator<PromptSegment[]> {
  let previous: Extract<Piece, { body: string }> | null = null;
  let lead = '';
  let glue = '';
  for await (const batch of pieces(input, skipped, contents)) {
    const done: PromptSegment[] = [];
    for (const piece of batch) {
      if (piece.kind === 'glue') {
        glue += piece.text;
        continue;
      }
      if (previous) done.push(finish(previous, lead, glue));
      lead = previous ? '' : glue;
      glue = '';
      previous = piece;
    }
    if (done.length > 0) yield done;
  }
  if (previous) yield [finish(previous, lead, glue)];
}

/** The prompt's segments one at a time (promptSegmentBatches, flattened). */
export async function* promptSegments(
  input: PromptInput,
  skipped: GeneratedPrompt['skipped'] = [],
  contents?: Map<string, string>,
): AsyncGenerator<PromptSegment> {
  for await (const batch of promptSegmentBatches(input, skipped, contents)) yield* batch;
}

function finish(
  segment: Extract<Piece, { body: string }>,
  lead: string,
  trail: string,
): PromptSegment {
  const text = lead + segment.body + trail;
  if (segment.path === undefined) return { kind: segment.kind, text };
  const file: PromptSegment = { kind: segment.kind, path: segment.path, text, lead, trail };
  const read = segment.unread;
  if (read) file.unread = async () => lead + (await read()) + trail;
  return file;
}

function partOf(item: PromptItem, input: PromptInput): PromptPart | null {
  switch (item.type) {
    case 'STATIC':
      if (item.content === '') return null;
      return item.name === undefined
        ? { kind: 'text', text: item.content }
        : { kind: 'text', name: item.name, text: item.content };
    case 'DYNAMIC_TASK': {
      const text = dynamicTaskText(item.content, input.finalRequest);
      return text === '' ? null : { kind: 'task', text };
    }
    case 'PROJECT_INFO':
      return {
        kind: 'project-info',
        info: {
          name: input.project?.name ?? '-',
          fileCount: input.project?.fileCount ?? 0,
          selectedCount: input.selectedFiles.length,
          date: formatPromptDate(
            input.date ?? new Date(),
            input.language ?? FALLBACK_LANGUAGE,
            input.timeZone,
          ),
        },
      };
    case 'PROJECT_STRUCTURE':
      return {
        kind: 'structure',
        tree: renderStructure(item.structure ?? AUTO_STRUCTURE, {
          root: input.project!.root,
          fileCount: input.project!.fileCount,
          selectedFiles: input.selectedFiles,
          budget: input.budget ?? DEFAULT_STRUCTURE_BUDGET,
        }),
      };
    case 'ANSWER_FORMAT':
      return {
        kind: 'answer-format',
        mode: item.answerFormat ?? DEFAULT_ANSWER_FORMAT,
        language: input.language ?? FALLBACK_LANGUAGE,
      };
    case 'SELECTED_FILES_CONTENT':
    case 'CHANGES_SINCE_LAST_PROMPT':
      return null;
  }
}

async function changesPart(input: PromptInput): Promise<PromptPart> {
  const project = input.project!;
  const changes = await changesSincePrompt(
    input.previousPrompt,
    { provider: project.provider, stats: project.stats ?? new Map() },
    input.sizeLimitBytes,
  );
  return { kind: 'changes', changes, language: input.language ?? FALLBACK_LANGUAGE };
}

async function* pieces(
  input: PromptInput,
  skipped: GeneratedPrompt['skipped'],
  contents?: Map<string, string>,
): AsyncGenerator<Piece[]> {
  validateGeneration(input);
  const renderer = rendererFor(input.format ?? DEFAULT_PROMPT_FORMAT);
  let first = true;
  const separator = (): Piece => {
    const text = first ? '' : renderer.separator;
    first = false;
    return { kind: 'glue', text };
  };
  const included = (item: PromptItem) =>
    item.isActive &&
    !(PROJECT_ONLY_BLOCK_TYPES.has(item.type) && (input.mode === 'STANDALONE' || !input.project));
  // The files start being read now, while the parts before them are rendered.
  let files = input.items.some((item) => item.type === 'SELECTED_FILES_CONTENT' && included(item))
    ? filePieces(input, renderer, separator, skipped, contents)
    : null;
  // Parts rendered in turn go out together, before the files or at the end.
  const parts: Piece[] = [];
  for (const item of input.items) {
    if (!included(item)) continue;
    if (item.type === 'SELECTED_FILES_CONTENT') {
      if (parts.length > 0) yield parts.splice(0);
      yield* files ?? filePieces(input, renderer, separator, skipped, contents);
      files = null;
      continue;
    }
    const part =
      item.type === 'CHANGES_SINCE_LAST_PROMPT' ? await changesPart(input) : partOf(item, input);
    if (!part) continue;
    parts.push(separator(), { kind: 'section', body: renderer.part(part) });
  }
  if (parts.length > 0) yield parts;
}

/** The whole prompt as one string, with the files skipped and the contents written. */
export async function generatePrompt(input: PromptInput): Promise<GeneratedPrompt> {
  const skipped: GeneratedPrompt['skipped'] = [];
  const contents = new Map<string, string>();
  const parts: string[] = [];
  for await (const segment of promptSegments(input, skipped, contents)) parts.push(segment.text);
  return { prompt: parts.join(''), skipped, contents };
}
