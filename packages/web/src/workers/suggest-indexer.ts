import type { RankedFileMessage } from './suggest-index-protocol';

/** The ranker as the index worker uses it: core's indexer and ranker behind three calls. */
export interface Suggester<Entry = unknown> {
  index(path: string, text: string): Entry | Promise<Entry>;
  /** The whole index again, after a build. */
  update(entries: Entry[]): void;
  rank(request: string, changedPaths: readonly string[], top: number): RankedFileMessage[];
}

// PLACEHOLDER until core's suggest API lands: path words and identifier definitions only.
interface Entry {
  path: string;
  words: string[];
}

export function createSuggester(): Suggester<Entry> {
  let entries: Entry[] = [];
  return {
    index: (path, text) => ({ path, words: [...new Set(text.match(/[A-Za-z_]\w+/g) ?? [])] }),
    update(next) {
      entries = next;
    },
    rank(request, _changed, top) {
      const words = new Set(request.match(/[A-Za-z_]\w+/g) ?? []);
      return entries
        .map((entry) => {
          const hits = entry.words.filter((word) => words.has(word));
          return {
            path: entry.path,
            score: hits.length,
            reasons: hits.slice(0, 3).map((name) => ({ kind: 'defines', name })),
          };
        })
        .filter((file) => file.score > 0)
        .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1))
        .slice(0, top);
    },
  };
}
