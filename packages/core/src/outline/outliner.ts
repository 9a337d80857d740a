import { outlineLanguageFor } from './languages';

/** A file to outline: its path (which decides the language) and its text. */
export interface OutlineInput {
  path: string;
  text: string;
}

/**
 * Outlines of many files: per file the outline, or null when its language has none (the
 * caller falls back to the full content or the path only). One interface for the browser
 * worker, the Node worker threads, the CLI and the bench.
 */
export interface Outliner {
  outlineMany(files: readonly OutlineInput[]): Promise<(string | null)[]>;
  close(): Promise<void>;
}

/** One file's work as a worker receives it: the grammar, the query, the text. */
export interface OutlineJob {
  grammar: string;
  query: string;
  text: string;
}

/** Jobs of one message to a worker, with the input index of each. */
export interface OutlineBatch {
  indexes: number[];
  jobs: OutlineJob[];
}

/**
 * Text per batch: large enough that messaging costs little beside parsing, small enough
 * that several workers share a selection and no batch holds the others back.
 */
const BATCH_CHARS = 256 * 1024;

/** The outlinable files of `files` cut into batches (files of other languages left out). */
export function outlineBatches(files: readonly OutlineInput[]): OutlineBatch[] {
  const batches: OutlineBatch[] = [];
  let current: OutlineBatch = { indexes: [], jobs: [] };
  let chars = 0;
  files.forEach((file, index) => {
    const language = outlineLanguageFor(file.path);
    if (!language) return;
    current.indexes.push(index);
    current.jobs.push({ ...language, text: file.text });
    chars += file.text.length;
    if (chars >= BATCH_CHARS) {
      batches.push(current);
      current = { indexes: [], jobs: [] };
      chars = 0;
    }
  });
  if (current.jobs.length > 0) batches.push(current);
  return batches;
}

/**
 * Runs the batches of `files` through `run` (one worker's round trip) at once and puts each
 * outline back at its file's index; files without an outline language stay null.
 */
export async function outlineWith(
  files: readonly OutlineInput[],
  run: (jobs: OutlineJob[]) => Promise<(string | null)[]>,
): Promise<(string | null)[]> {
  const outlines: (string | null)[] = files.map(() => null);
  await Promise.all(
    outlineBatches(files).map(async ({ indexes, jobs }) => {
      const results = await run(jobs);
      indexes.forEach((index, i) => (outlines[index] = results[i] ?? null));
    }),
  );
  return outlines;
}
