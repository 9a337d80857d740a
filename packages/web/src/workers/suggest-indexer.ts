import {
  buildProjectIndex,
  type FileIndexEntry,
  indexFileHashed,
  prepareGraph,
  prepareIndex,
  type ProjectIndex,
  type RankedFile,
  rankFiles,
} from '@promptloom/core';

/** The ranker as the index worker uses it: core's indexer and ranker behind five calls. */
interface Suggester {
  /** A file's entry and its text's hash (core's hashText), read in one pass. */
  index(path: string, text: string): { entry: FileIndexEntry; hash: string };
  /** The whole index again, after a build. */
  update(entries: FileIndexEntry[]): void;
  /** Derives what a ranking needs (definers, imports, postings) before the first request. */
  prepare(): void;
  /**
   * Keeps the graph's edges of the files from `from` on until `deadline`; where to go on,
   * or null once every file's are kept.
   */
  warm(from: number, deadline: number): number | null;
  rank(request: string, changedPaths: readonly string[], top: number): RankedFile[];
}

/**
 * Core's suggestion index in the worker, built as the CLI builds it (decision 105): the
 * lexical definitions and imports of core's indexer, no tree-sitter parse, so that a
 * request ranks the same files in the same order here and in `promptloom suggest`, and the
 * build costs little more than reading the files.
 */
export function createSuggester(): Suggester {
  let index: ProjectIndex = buildProjectIndex([]);
  return {
    index: (path, text) => indexFileHashed({ path, text }),
    update(entries) {
      index = buildProjectIndex(entries);
    },
    prepare: () => prepareIndex(index),
    warm(from, deadline) {
      const next = prepareGraph(index, from, () => performance.now() > deadline);
      return next < index.files.length ? next : null;
    },
    rank: (request, changedPaths, top) => rankFiles(request, index, { changedPaths, top }),
  };
}
