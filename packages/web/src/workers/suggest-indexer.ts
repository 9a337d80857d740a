import {
  buildProjectIndex,
  type FileIndexEntry,
  type FileTags,
  indexFile,
  outlineLanguageFor,
  type ProjectIndex,
  type RankedFile,
  rankFiles,
} from '@promptloom/core';
import { workerOutlineEngine } from './outline-engine';

/** The ranker as the index worker uses it: core's indexer and ranker behind three calls. */
interface Suggester {
  index(path: string, text: string): Promise<FileIndexEntry>;
  /** The whole index again, after a build (derived data is computed on the first rank). */
  update(entries: FileIndexEntry[]): void;
  rank(request: string, changedPaths: readonly string[], top: number): RankedFile[];
}

/**
 * Core's suggestion index in the worker, with tree-sitter tags (definitions and references)
 * for every language the outliner parses, as the CLI builds it; a file whose grammar fails is
 * indexed with core's lexical fallback.
 */
export function createSuggester(): Suggester {
  const engine = workerOutlineEngine();
  let index: ProjectIndex = buildProjectIndex([]);
  const tagsOf = async (path: string, text: string): Promise<FileTags | undefined> => {
    const language = outlineLanguageFor(path);
    if (!language) return undefined;
    const tags = await engine.tags(language.grammar, language.query, text).catch(() => null);
    return tags ?? undefined;
  };
  return {
    index: async (path, text) => indexFile({ path, text, tags: await tagsOf(path, text) }),
    update(entries) {
      index = buildProjectIndex(entries);
    },
    rank: (request, changedPaths, top) => rankFiles(request, index, { changedPaths, top }),
  };
}
