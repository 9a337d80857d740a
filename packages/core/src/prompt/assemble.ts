import type { BlockType } from '../contract/blocks';
import type { FileProvider } from '../files/provider';
import { type ReadResult, readProjectFile } from '../files/read';
import { FILE_READ_BATCH, FILE_SIZE_LIMIT_BYTES, PROMPT_SECTION_SEPARATOR } from '../limits';
import { renderTree } from '../tree/render';
import type { FileStat, FileTreeNode } from '../tree/types';
import { parseDynamicTaskContent } from './dynamic-task';
import { renderFileBlock } from './file-block';

/** One working composition item with its block's type and content resolved. */
export interface PromptItem {
  type: BlockType;
  content: string;
  isActive: boolean;
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
  date?: Date;
  batchSize?: number;
  sizeLimitBytes?: number;
  /**
   * Rendered file blocks by path+size+mtime, kept by the caller across generations: an
   * unchanged file is then neither read nor rendered again (unused when contents are
   * collected, as for the history snapshot).
   */
  blockCache?: Map<string, string>;
}

/**
 * A piece of the prompt. Concatenating every segment's text gives the prompt. A segment
 * carries the separator that follows it, so file segments start at a line beginning with
 * visible text and their token counts add up to the count of the whole (tokens/segments).
 */
export interface PromptSegment {
  kind: 'section' | 'file';
  text: string;
  /** For file segments. */
  path?: string;
}

export type GenerationErrorCode = 'PROJECT_NOT_READY' | 'COMPOSITION_EMPTY';

/** SPEC §5 Generation messages (French; the web shows them by code in the user's language). */
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
  /** Files left out: too large (SPEC message), binary, unreadable. */
  skipped: Extract<ReadResult, { ok: false }>[];
  /** Path -> content of every file written (the history's fileContentSnapshot). */
  contents: Map<string, string>;
}

const SEPARATOR = `\n\n${PROMPT_SECTION_SEPARATOR}\n\n`;
const PROJECT_ONLY: ReadonlySet<BlockType> = new Set([
  'PROJECT_STRUCTURE',
  'SELECTED_FILES_CONTENT',
]);

export function validateGeneration(input: Pick<PromptInput, 'items' | 'project' | 'mode'>): void {
  if (input.mode === 'PROJECT' && !input.project) throw new GenerationError('PROJECT_NOT_READY');
  if (input.items.length === 0) throw new GenerationError('COMPOSITION_EMPTY');
}

function dynamicTaskText(content: string, request: string): string {
  const { prefix, suffix } = parseDynamicTaskContent(content);
  return [prefix, request, suffix].filter((part) => part.trim() !== '').join('\n\n');
}

function projectInfoText(input: PromptInput): string {
  const date = (input.date ?? new Date()).toISOString();
  return [
    `Project: ${input.project?.name ?? '-'}`,
    `Files: ${input.project?.fileCount ?? 0}`,
    `Selected files: ${input.selectedFiles.length}`,
    `Date: ${date}`,
  ].join('\n');
}

/** A segment before the joiners are moved: `lead` is what separates it from the one before. */
interface RawSegment {
  kind: PromptSegment['kind'];
  path?: string;
  lead: string;
  body: string;
}

/**
 * Streams the prompt: sections in composition order, inactive ones (and project ones in
 * standalone mode) skipped, empty ones dropped, a separator line of '=' between them.
 * Files are read FILE_READ_BATCH at a time and yielded one segment each, so a caller can
 * count or write while the next batch is read. `skipped` collects the files left out.
 * Each segment ends with the separator that follows it, so every later segment begins at
 * a line start with its own text: the cut points the tokenizer never merges across.
 */
export async function* promptSegments(
  input: PromptInput,
  skipped: GeneratedPrompt['skipped'] = [],
  contents?: Map<string, string>,
): AsyncGenerator<PromptSegment> {
  let previous: RawSegment | null = null;
  for await (const segment of rawSegments(input, skipped, contents)) {
    if (previous) yield finish(previous, segment.lead);
    previous = segment;
  }
  if (previous) yield finish(previous, '');
}

function finish(segment: RawSegment, trailer: string): PromptSegment {
  const text = segment.body + trailer;
  return segment.path === undefined
    ? { kind: segment.kind, text }
    : { kind: segment.kind, path: segment.path, text };
}

async function* rawSegments(
  input: PromptInput,
  skipped: GeneratedPrompt['skipped'],
  contents?: Map<string, string>,
): AsyncGenerator<RawSegment> {
  validateGeneration(input);
  let first = true;
  const lead = () => {
    const text = first ? '' : SEPARATOR;
    first = false;
    return text;
  };
  const section = (body: string): RawSegment => ({ kind: 'section', lead: lead(), body });
  for (const item of input.items) {
    if (!item.isActive) continue;
    if (PROJECT_ONLY.has(item.type) && (input.mode === 'STANDALONE' || !input.project)) continue;
    switch (item.type) {
      case 'STATIC':
        if (item.content !== '') yield section(item.content);
        break;
      case 'DYNAMIC_TASK': {
        const text = dynamicTaskText(item.content, input.finalRequest);
        if (text !== '') yield section(text);
        break;
      }
      case 'PROJECT_INFO':
        yield section(projectInfoText(input));
        break;
      case 'PROJECT_STRUCTURE':
        yield section(renderTree(input.project!.root));
        break;
      case 'SELECTED_FILES_CONTENT':
        yield* fileSegments(input, lead, skipped, contents);
        break;
    }
  }
}

async function* fileSegments(
  input: PromptInput,
  lead: () => string,
  skipped: GeneratedPrompt['skipped'],
  contents?: Map<string, string>,
): AsyncGenerator<RawSegment> {
  const project = input.project!;
  const batchSize = input.batchSize ?? FILE_READ_BATCH;
  const limit = input.sizeLimitBytes ?? FILE_SIZE_LIMIT_BYTES;
  // Without a contents map to fill, an unchanged file's block comes from the cache unread.
  const cache = contents ? undefined : input.blockCache;
  let wroteAny = false;
  for (let start = 0; start < input.selectedFiles.length; start += batchSize) {
    const paths = input.selectedFiles.slice(start, start + batchSize);
    const keys = paths.map((path) => {
      const stat = project.stats?.get(path);
      return cache && stat ? `${path}\0${stat.size}\0${stat.mtime}` : undefined;
    });
    const results = await Promise.all(
      paths.map((path, i) => {
        const key = keys[i];
        const cached = key === undefined ? undefined : cache!.get(key);
        if (cached !== undefined) return Promise.resolve({ ok: true as const, path, body: cached });
        return readProjectFile(project.provider, path, project.stats?.get(path)?.size, limit);
      }),
    );
    for (let i = 0; i < results.length; i++) {
      const result = results[i]!;
      if (!result.ok) {
        skipped.push(result);
        continue;
      }
      let body: string;
      if ('body' in result) {
        body = result.body;
      } else {
        contents?.set(result.path, result.text);
        body = renderFileBlock(result.path, result.text);
        const key = keys[i];
        if (key !== undefined) cache!.set(key, body);
      }
      // Blank line between files; the first file takes the section separator instead.
      const separator = wroteAny ? '\n\n' : lead();
      wroteAny = true;
      yield { kind: 'file', path: result.path, lead: separator, body };
    }
  }
}

/** The whole prompt as one string, with the files skipped and the contents written. */
export async function generatePrompt(input: PromptInput): Promise<GeneratedPrompt> {
  const skipped: GeneratedPrompt['skipped'] = [];
  const contents = new Map<string, string>();
  const parts: string[] = [];
  for await (const segment of promptSegments(input, skipped, contents)) parts.push(segment.text);
  return { prompt: parts.join(''), skipped, contents };
}
