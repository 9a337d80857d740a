import { hasBinaryExtension } from '../files/binary';
import { readProjectFile } from '../files/read';
import { FILE_READ_BATCH, FILE_SIZE_LIMIT_BYTES } from '../limits';
import type { GeneratedPrompt, PromptInput, PromptSegment } from './prompt-types';
import { DEFAULT_PROMPT_FORMAT } from './formats';
import type { PromptRenderer } from './render';
import type { FileInclusionMode, FilePart } from './segments';

/**
 * What the assembly yields before the joiners are placed: a rendered segment, or glue (a
 * separator, the files' opening or closing) that belongs between two segments.
 */
export type Piece =
  | { kind: PromptSegment['kind']; path?: string; body: string; unread?: () => Promise<string> }
  | { kind: 'glue'; text: string };

/**
 * The selected files' pieces, read FILE_READ_BATCH at a time and yielded a read batch at a
 * time, the next batch read while this one is rendered and consumed; a file the caller knows
 * (`knownFile`) is not read. The first batches are asked for when this is called, so the
 * parts written before the files are rendered while they are read.
 */
export function filePieces(
  input: PromptInput,
  renderer: PromptRenderer,
  separator: () => Piece,
  skipped: GeneratedPrompt['skipped'],
  contents?: Map<string, string>,
): AsyncGenerator<Piece[]> {
  const project = input.project!;
  const batchSize = input.batchSize ?? FILE_READ_BATCH;
  const limit = input.sizeLimitBytes ?? FILE_SIZE_LIMIT_BYTES;
  const format = input.format ?? DEFAULT_PROMPT_FORMAT;
  // Without a contents map to fill, an unchanged file's block comes from the cache unread,
  // and a file the caller can count without its text is not read at all.
  const cache = contents ? undefined : input.blockCache;
  const known = contents ? undefined : input.knownFile;
  let wroteAny = false;
  const open = (batch: Piece[]) => {
    // The separator and the files' opening go in once, before the first file written.
    if (wroteAny) {
      batch.push({ kind: 'glue', text: renderer.fileSeparator });
      return;
    }
    wroteAny = true;
    batch.push(separator(), { kind: 'glue', text: renderer.filesOpen });
  };
  const readBatch = (start: number) => {
    const paths = input.selectedFiles.slice(start, start + batchSize);
    const modes = paths.map((path) => input.fileModes?.get(path) ?? 'full');
    const keys = paths.map((path, i) => {
      const stat = project.stats?.get(path);
      return cache && stat
        ? `${format}\0${modes[i]}\0${path}\0${stat.size}\0${stat.mtime}`
        : undefined;
    });
    const results = Promise.all(
      paths.map((path, i) => {
        const key = keys[i];
        const cached = key === undefined ? undefined : cache!.get(key);
        if (cached !== undefined) return Promise.resolve({ ok: true as const, path, body: cached });
        // Path mode names the file without reading it.
        if (modes[i] === 'path') return Promise.resolve({ ok: true as const, path, text: null });
        const size = project.stats?.get(path)?.size;
        // What a read would skip before reading (size, extension) is skipped here too.
        if (
          known &&
          modes[i] === 'full' &&
          size !== undefined &&
          size <= limit &&
          !hasBinaryExtension(path) &&
          known(path)
        ) {
          return Promise.resolve({ ok: true as const, path, unread: true as const });
        }
        return readProjectFile(project.provider, path, size, limit);
      }),
    );
    return { modes, keys, results };
  };
  // An unread file's block, when its count turns out to be needed after all. A file that
  // can no longer be read (gone since it was listed) leaves an empty block.
  const readBlock = async (path: string) => {
    const read = await readProjectFile(project.provider, path, undefined, limit);
    return read.ok ? renderer.file({ path, mode: 'full', content: read.text }) : '';
  };
  const total = input.selectedFiles.length;
  // The first two batches now; then each next one as the one before it is consumed.
  const reads = [0, batchSize].filter((start) => start < total).map(readBatch);
  return (async function* () {
    for (let start = 0; start < total; start += batchSize) {
      const { modes, keys, results: reading } = reads.shift()!;
      // The next batch is read while this one is rendered and its segments consumed.
      if (start > 0 && start + batchSize < total) reads.push(readBatch(start + batchSize));
      const results = await reading;
      const batch: Piece[] = [];
      for (let i = 0; i < results.length; i++) {
        const result = results[i]!;
        if (!result.ok) {
          skipped.push(result);
          continue;
        }
        if ('unread' in result) {
          open(batch);
          batch.push({
            kind: 'file',
            path: result.path,
            body: '',
            unread: () => readBlock(result.path),
          });
          continue;
        }
        let body: string;
        if ('body' in result) {
          body = result.body;
        } else {
          const file = await filePart(input, result.path, modes[i]!, result.text);
          if (result.text !== null) contents?.set(result.path, result.text);
          body = renderer.file(file);
          const key = keys[i];
          if (key !== undefined) cache!.set(key, body);
        }
        open(batch);
        batch.push({ kind: 'file', path: result.path, body });
      }
      if (batch.length > 0) yield batch;
    }
    if (wroteAny) yield [{ kind: 'glue', text: renderer.filesClose }];
  })();
}

async function filePart(
  input: PromptInput,
  path: string,
  mode: FileInclusionMode,
  text: string | null,
): Promise<FilePart> {
  if (text === null) return { path, mode: 'path', content: '' };
  if (mode === 'outline') {
    const outline = input.outline ? await input.outline(path, text) : null;
    if (outline !== null) return { path, mode, content: outline };
  }
  return { path, mode: 'full', content: text };
}
