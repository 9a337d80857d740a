import type { FileIndexEntry, ProjectIndex } from './types';

/** The project index of a list of entries (the last entry of a path wins). */
export function buildProjectIndex(entries: readonly FileIndexEntry[]): ProjectIndex {
  const byPath = new Map<string, number>();
  const files: FileIndexEntry[] = [];
  for (const entry of entries) {
    const at = byPath.get(entry.path);
    if (at === undefined) {
      byPath.set(entry.path, files.length);
      files.push(entry);
    } else files[at] = entry;
  }
  const total = files.reduce((sum, file) => sum + file.length, 0);
  return { files, byPath, meanLength: files.length ? total / files.length : 0 };
}

/**
 * The index with `upserted` entries added or replaced and `removed` paths gone: a new index
 * (the old one stays valid for a ranking under way), sharing every untouched entry.
 */
export function updateProjectIndex(
  index: ProjectIndex,
  change: { upserted?: readonly FileIndexEntry[]; removed?: readonly string[] },
): ProjectIndex {
  const removed = new Set(change.removed ?? []);
  const kept = index.files.filter((file) => !removed.has(file.path));
  return buildProjectIndex([...kept, ...(change.upserted ?? [])]);
}
