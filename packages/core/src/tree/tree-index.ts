import { parentPath } from '../files/provider';
import type { FileStat, FileTreeNode } from './types';

/** SPEC §3 derived data of a tree, computed once per scan. */
export interface TreeIndex {
  /** Every file path in tree order. */
  filePaths: string[];
  fileSet: ReadonlySet<string>;
  stats: ReadonlyMap<string, FileStat>;
  /** Directory path ('' = root) -> every file beneath it, in tree order. */
  filesByDirectory: ReadonlyMap<string, string[]>;
}

export function buildTreeIndex(root: FileTreeNode): TreeIndex {
  const filePaths: string[] = [];
  const stats = new Map<string, FileStat>();
  const filesByDirectory = new Map<string, string[]>();
  const walk = (dir: FileTreeNode, ancestors: string[][]) => {
    const own: string[] = [];
    filesByDirectory.set(dir.path, own);
    const chain = [...ancestors, own];
    for (const child of dir.children ?? []) {
      if (child.type === 'directory') {
        walk(child, chain);
        continue;
      }
      filePaths.push(child.path);
      stats.set(child.path, { size: child.size, mtime: child.mtime });
      for (const list of chain) list.push(child.path);
    }
  };
  walk(root, []);
  return { filePaths, fileSet: new Set(filePaths), stats, filesByDirectory };
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
