import {
  buildProjectIndex,
  type FileIndexEntry,
  indexFile,
  type ProjectIndex,
  type RankedFile,
  rankFiles,
} from '@promptloom/core';

/** The ranker as the index worker uses it: core's indexer and ranker behind three calls. */
export interface Suggester {
  index(path: string, text: string): FileIndexEntry | Promise<FileIndexEntry>;
  /** The whole index again, after a build (entries shared, derived data computed on first rank). */
  update(entries: FileIndexEntry[]): void;
  rank(request: string, changedPaths: readonly string[], top: number): RankedFile[];
}

/**
 * Core's suggestion index in the worker. Definitions come from core's lexical fallback
 * (indexFile without tags) until a tags extractor can run here beside the outline engine.
 */
export function createSuggester(): Suggester {
  let index: ProjectIndex = buildProjectIndex([]);
  return {
    index: (path, text) => indexFile({ path, text }),
    update(entries) {
      index = buildProjectIndex(entries);
    },
    rank: (request, changedPaths, top) => rankFiles(request, index, { changedPaths, top }),
  };
}
