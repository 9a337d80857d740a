import { parentPath } from '../files/provider';
import type { FileStat, FileTreeNode } from './types';

/** Derived data of a tree, computed once per scan. */
export interface TreeIndex {
  /** Every file path in tree order. */
  filePaths: string[];
  fileSet: ReadonlySet<string>;
  stats: ReadonlyMap<string, FileStat>;
  /** Directory path ('' = root) -> every file beneath it, in tree order. */
  filesByDirectory: FilesByDirectory;
}

/** Directory path -> its files, in tree order (undefined: not a directory of the tree). */
export interface FilesByDirectory {
  get(dirPath: string): readonly string[] | undefined;
}

/**
 * The files beneath a directory are one run of `filePaths` (tree order is depth-first),
 * so each directory keeps its run's bounds and its list is sliced when first asked: the
 * index is built in one pass, not one push per file per ancestor (decision 031: it is
 * rebuilt for every partial tree while a 25,000-file folder is listed).
 */
class FileRuns implements FilesByDirectory {
  private readonly lists = new Map<string, readonly string[]>();
  constructor(
    private readonly filePaths: readonly string[],
    private readonly runs: ReadonlyMap<string, readonly [number, number]>,
  ) {}
  get(dirPath: string): readonly string[] | undefined {
    const known = this.lists.get(dirPath);
    if (known) return known;
    const run = this.runs.get(dirPath);
    if (!run) return undefined;
    const list = this.filePaths.slice(run[0], run[1]);
    this.lists.set(dirPath, list);
    return list;
  }
}

export function buildTreeIndex(root: FileTreeNode): TreeIndex {
  const filePaths: string[] = [];
  const stats = new Map<string, FileStat>();
  const runs = new Map<string, readonly [number, number]>();
  const walk = (dir: FileTreeNode) => {
    const start = filePaths.length;
    for (const child of dir.children ?? []) {
      if (child.type === 'directory') {
        walk(child);
        continue;
      }
      filePaths.push(child.path);
      stats.set(child.path, { size: child.size, mtime: child.mtime });
    }
    runs.set(dir.path, [start, filePaths.length]);
  };
  walk(root);
  return {
    filePaths,
    fileSet: new Set(filePaths),
    stats,
    filesByDirectory: new FileRuns(filePaths, runs),
  };
}

/** Directory path -> number of selected files beneath it (directories with none are absent). */
export function selectedCountsByDirectory(selected: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const path of selected) {
    let dir = path;
    do {
      dir = parentPath(dir);
      counts.set(dir, (counts.get(dir) ?? 0) + 1);
    } while (dir !== '');
  }
  return counts;
}

export type CheckState = 'unchecked' | 'partial' | 'checked';

/** The tri-state checkbox of a directory row. */
export function directoryCheckState(
  index: TreeIndex,
  dirPath: string,
  selectedCounts: ReadonlyMap<string, number>,
): CheckState {
  const total = index.filesByDirectory.get(dirPath)?.length ?? 0;
  const selected = selectedCounts.get(dirPath) ?? 0;
  if (selected === 0 || total === 0) return 'unchecked';
  return selected >= total ? 'checked' : 'partial';
}

/** Path -> {size, mtime} of every file: the history's fileStructureSnapshot. */
export function snapshotOf(index: TreeIndex): Record<string, FileStat> {
  return Object.fromEntries(index.stats);
}
