import { relative, sep } from 'node:path';
import type { FileProvider } from '../files/provider';
import { readProjectFile } from '../files/read';
import type { GeneratedPrompt } from '../prompt/prompt-types';
import { renderFileBlock } from '../prompt/file-block';
import type { TreeIndex } from '../tree/tree-index';
import type { FileTreeNode } from '../tree/types';
import type { WatchedListings } from './watched-listings';
import { isSpace } from '../tokens/ascii-space';

/** What a full pack leaves for the next one to patch. */
export interface LastPack {
  files: FileTreeNode[];
  /** `files` by path, made on the first patch. */
  nodes: Map<string, FileTreeNode> | null;
  index: TreeIndex;
  /** Segment texts in prompt order (their concatenation is the prompt). */
  texts: string[];
  skipped: GeneratedPrompt['skipped'];
  packedFiles: number;
  /** Paths of the files written, in prompt order. */
  written: string[];
  totalTokens: number;
  /** Id of the full pack whose segment layout `texts` keeps. */
  layout: number;
}

/** A file's piece as last counted (see ProjectPacker). */
export interface FileCount {
  size: number;
  mtime: number;
  length: number;
  count: number;
  /** The block's first and last characters, by class (reading them flattens the string). */
  startsVisible: boolean;
  endsWithNewline: boolean;
  /** The full pack in which the file was a piece of its own, at segment `segment`. */
  layout: number;
  segment: number;
}

/** The record of a file's piece just counted. */
export function recordOf(
  text: string,
  size: number,
  mtime: number,
  count: number,
  layout: number,
  segment: number,
): FileCount {
  const startsVisible = !isSpace(text.charCodeAt(0));
  const endsWithNewline = text.endsWith('\n');
  return {
    size,
    mtime,
    length: text.length,
    count,
    startsVisible,
    endsWithNewline,
    layout,
    segment,
  };
}

export interface FileChange {
  path: string;
  size: number;
  mtime: number;
  /** New segment text: the new block and the old segment's trailing separator. */
  text: string;
  record: FileCount;
}

/**
 * The files whose content changed since `last`, each with its new segment text, when the
 * rest of the prompt is the same: same entries (names and kinds) in every re-listed
 * directory, no .gitignore changed, every changed file still readable as text and a piece
 * of its own. `null` when anything else may have changed: the caller then packs in full.
 * Re-lists every notified (or uncacheable) directory and compares sizes and mtimes.
 */
export async function findContentChanges(
  rootDir: string,
  listings: WatchedListings,
  provider: FileProvider,
  last: LastPack,
  records: ReadonlyMap<string, FileCount>,
  sizeLimitBytes: number | undefined,
): Promise<FileChange[] | null> {
  const changes = listings.takeChanges();
  if (changes.unknown) return null;
  const changed: { path: string; size: number; mtime: number }[] = [];
  for (const dir of changes.dirs) {
    const before = listings.previous(dir);
    if (!before) return null;
    const after = await listings.list(dir);
    if (after.length !== before.length) return null;
    const names = changes.names.get(dir);
    const prefix = relative(rootDir, dir).split(sep).join('/');
    for (let i = 0; i < after.length; i++) {
      const a = after[i]!;
      const b = before[i]!;
      if (a.name !== b.name || a.kind !== b.kind) return null;
      // A notified subdirectory may have been replaced: its subtree is unknown.
      if (a.kind === 'directory') {
        if (names?.has(a.name)) return null;
        continue;
      }
      if (a.size === b.size && a.mtime === b.mtime) continue;
      if (a.name === '.gitignore') return null;
      changed.push({ path: prefix ? `${prefix}/${a.name}` : a.name, size: a.size, mtime: a.mtime });
    }
  }
  const skipped = new Set(last.skipped.map((s) => s.path));
  const result: FileChange[] = [];
  for (const file of changed) {
    // Not in the tree (ignored): not in the prompt either.
    if (!last.index.stats.has(file.path)) continue;
    const record = records.get(file.path);
    if (skipped.has(file.path) || !record || record.layout !== last.layout) return null;
    const old = last.texts[record.segment]!;
    // A file block ends with its closing fence; what follows is the separator to the next.
    const fenceEnd = old.lastIndexOf('`') + 1;
    if (fenceEnd === 0) return null;
    const read = await readProjectFile(provider, file.path, file.size, sizeLimitBytes);
    if (!read.ok) return null;
    const text = renderFileBlock(file.path, read.text) + old.slice(fenceEnd);
    if (isSpace(text.charCodeAt(0))) return null;
    result.push({ ...file, text, record });
  }
  return result;
}
