import { parentPath } from '../files/provider';
import type { FileStat } from '../tree/types';

export type FileStatus = 'added' | 'modified';

export interface FileChanges {
  added: string[];
  modified: string[];
  /** Not flagged in the tree but useful to callers. */
  removed: string[];
  /** Only added and modified are flagged. */
  status: Map<string, FileStatus>;
}

const NO_CHANGES = (): FileChanges => ({ added: [], modified: [], removed: [], status: new Map() });

/**
 * File changes against the latest history snapshot (path -> size, mtime): added
 * (now, not then), removed (then, not now), modified (size or mtime differs). Without a
 * snapshot there are no changes.
 */
export function detectChanges(
  current: ReadonlyMap<string, FileStat>,
  snapshot: Readonly<Record<string, FileStat>> | null | undefined,
): FileChanges {
  if (!snapshot) return NO_CHANGES();
  const result = NO_CHANGES();
  for (const [path, now] of current) {
    const before = Object.hasOwn(snapshot, path) ? snapshot[path] : undefined;
    if (!before) {
      result.added.push(path);
      result.status.set(path, 'added');
    } else if (before.size !== now.size || before.mtime !== now.mtime) {
      result.modified.push(path);
      result.status.set(path, 'modified');
    }
  }
  for (const path of Object.keys(snapshot)) if (!current.has(path)) result.removed.push(path);
  return result;
}

/** Directory path -> true when a flagged file lies beneath it (the collapsed-row dot). */
export function descendantChanges(status: ReadonlyMap<string, FileStatus>): Map<string, boolean> {
  const dirs = new Map<string, boolean>();
  for (const path of status.keys()) {
    let dir = path;
    do {
      dir = parentPath(dir);
      if (dirs.has(dir)) break;
      dirs.set(dir, true);
    } while (dir !== '');
  }
  return dirs;
}
