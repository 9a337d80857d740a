import { failedFile, failure } from './failures';
import type { PlannedFile } from './types';

/**
 * A rename and another edit of the file it moves are one change: both are written or
 * neither is. Written apart, the rename would delete a file the report calls untouched (its
 * other edit failed), or the two writes would race for the same path. Such pairs are
 * failed together, each saying why (RENAME_INCOMPLETE).
 */
export function pairRenames(files: PlannedFile[], takers: ReadonlySet<string>): PlannedFile[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const partner = new Map<PlannedFile, PlannedFile>();
  for (const file of files) {
    const source = file.oldPath === undefined ? undefined : byPath.get(file.oldPath);
    // A file that takes the old path once it is free is not an edit of the moved file.
    if (!source || source === file || takers.has(source.path)) continue;
    // A deletion of the path a rename moves away agrees with it (both remove the old file).
    if (source.status === 'deleted' && source.oldPath === undefined) continue;
    partner.set(file, source);
    partner.set(source, file);
  }
  if (partner.size === 0) return files;
  return files.map((file) => {
    const other = partner.get(file);
    if (!other) return file;
    const blockIndex = (other.failures[0] ?? file.failures[0])?.blockIndex;
    const renamed = file.oldPath !== undefined ? file : other;
    const params = { path: file.path, from: renamed.oldPath ?? '', to: renamed.path };
    const reason = failure('RENAME_INCOMPLETE', params, blockIndex);
    return failedFile(file, [...file.failures, reason]);
  });
}
