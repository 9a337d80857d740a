import { failedFile, failure } from './failures';
import { checkApplyPath } from './paths';
import type { AnswerEdit, PlannedFile } from './types';

const normal = (path: string | null): string | null => {
  if (path === null) return null;
  const checked = checkApplyPath(path);
  return checked.ok ? checked.path : null;
};

/**
 * Paths the answer frees: the files it deletes and the old paths of its renames (a copy
 * frees nothing). As `git apply` does, a rename, copy or creation may take such a path even
 * though a file is there now: `a → b` with `b → c`, a swap, or a deletion of `b` with `a → b`.
 */
export function freedPaths(edits: readonly AnswerEdit[]): {
  freed: Set<string>;
  moved: Set<string>;
} {
  const freed = new Set<string>();
  const moved = new Set<string>();
  for (const edit of edits) {
    if (edit.kind === 'delete-file') {
      const path = normal(edit.path);
      if (path !== null) freed.add(path);
      continue;
    }
    if (edit.kind !== 'unified-diff' || edit.oldPath === null) continue;
    const from = normal(edit.oldPath);
    if (from === null) continue;
    if (edit.newPath === null) freed.add(from);
    else if (!edit.copy && normal(edit.newPath) !== from) {
      freed.add(from);
      moved.add(from);
    }
  }
  return { freed, moved };
}

/**
 * Files of a plan that must be written together: one that takes a path another moves away
 * (`a → b` and `b → c`: `b` is written over only if its text goes to `c`). Each group holds
 * the files linked so, directly or not; a file on its own is in no group.
 */
export function linkedGroups(files: readonly PlannedFile[]): PlannedFile[][] {
  return writeUnits(files).filter((group) => group.length > 1);
}

/** `files` in the units they are written in: each linked group, and every other file alone. */
export function writeUnits(files: readonly PlannedFile[]): PlannedFile[][] {
  const parent = files.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const byPath = new Map(files.map((file, index) => [file.path, index]));
  files.forEach((file, index) => {
    const taker = file.oldPath === undefined ? undefined : byPath.get(file.oldPath);
    if (taker !== undefined && taker !== index) parent[root(taker)] = root(index);
  });
  const groups = new Map<number, PlannedFile[]>();
  files.forEach((file, index) => {
    const group = groups.get(root(index)) ?? [];
    group.push(file);
    groups.set(root(index), group);
  });
  return [...groups.values()];
}

/** The paths written together with `path` (itself included). */
export function linkedPaths(files: readonly PlannedFile[], path: string): string[] {
  const group = linkedGroups(files).find((candidates) => candidates.some((f) => f.path === path));
  return group ? group.map((file) => file.path) : [path];
}

/**
 * A linked group with a failed file fails whole: written without it, a file would take a
 * path whose text was never moved away (and is lost), or leave a path another one needs.
 */
export function failLinked(files: PlannedFile[]): PlannedFile[] {
  const failedWith = new Map<PlannedFile, string>();
  for (const group of linkedGroups(files)) {
    const failed = group.find((file) => file.status === 'failed');
    if (!failed) continue;
    for (const file of group) if (file.status !== 'failed') failedWith.set(file, failed.path);
  }
  if (failedWith.size === 0) return files;
  return files.map((file) => {
    const other = failedWith.get(file);
    if (other === undefined) return file;
    const reason = failure('MOVE_INCOMPLETE', { path: file.path, other });
    return failedFile(file, [...file.failures, reason]);
  });
}

/** One change on disk: `after` null removes the file. */
export interface DiskChange {
  path: string;
  after: string | null;
}

/**
 * What writing `files` does on disk, in order: every removal first (deleted files, renames'
 * old paths), then every write. A renamed file's old path that another of `files` writes
 * is not removed: its text was read before anything was written, and moves on.
 */
export function diskChanges(files: readonly PlannedFile[]): DiskChange[] {
  const written = new Set(files.filter((file) => file.after !== null).map((file) => file.path));
  const removals = new Set<string>();
  for (const file of files) {
    if (file.oldPath !== undefined && !written.has(file.oldPath)) removals.add(file.oldPath);
    if (file.after === null) removals.add(file.path);
  }
  const writes = files
    .filter((file) => file.after !== null)
    .map((file) => ({ path: file.path, after: file.after }));
  return [...[...removals].map((path) => ({ path, after: null })), ...writes];
}
