import { blockPart, changesPart } from './block-parts';
import { DEFAULT_PROMPT_FORMAT, type PromptFormat } from './formats';
import { type Piece, filePieces } from './file-pieces';
import { PROJECT_ONLY_BLOCK_TYPES, validateGeneration } from './generation-checks';
import type { GeneratedPrompt, PromptInput, PromptItem, PromptSegment } from './prompt-types';
import { rendererFor } from './render';

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

/**
 * A file segment's text as its own: the trail cut back to the files' closing, without the
 * separator before the part that follows the files (the request), which belongs to no file.
 * Null when the trail holds nothing more (the segment's text is its own already). What
 * `pack`'s summary and the web's file rows count for the last file written.
 */
export async function ownFileText(
  segment: PromptSegment,
  format: PromptFormat = DEFAULT_PROMPT_FORMAT,
): Promise<string | null> {
  const close = rendererFor(format).filesClose;
  const trail = segment.trail ?? '';
  if (segment.kind !== 'file' || trail.length <= close.length) return null;
  const text = segment.unread ? await segment.unread() : segment.text;
  return text.slice(0, text.length - trail.length) + close;
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
      item.type === 'CHANGES_SINCE_LAST_PROMPT' ? await changesPart(input) : blockPart(item, input);
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
