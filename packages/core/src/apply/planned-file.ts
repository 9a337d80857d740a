import { lineChangeCounts } from './line-counts';
import type { Entry } from './plan-entry';
import { noLines, writeBody, type FileBody } from './text';
import type { PlannedFile } from './types';

const countChanges = (before: FileBody | null, after: FileBody | null) =>
  lineChangeCounts(before?.lines ?? noLines(), after?.lines ?? noLines());

/** The file of the plan an entry comes to once every edit of the answer was tried on it. */
export function plannedFile(entry: Entry): PlannedFile {
  const before = entry.before?.text ?? null;
  const exists = entry.working.exists;
  const failed =
    entry.failures.length > 0 || (before === null && !exists && entry.alreadyApplied === 0);
  const after = failed ? before : exists ? writeBody(entry.working.body) : null;
  // Every edit was in the file already or changed nothing: there is nothing to write.
  const unchanged = !failed && entry.oldPath === undefined && !entry.takesFreed && after === before;
  const status = failed
    ? 'failed'
    : unchanged
      ? 'unchanged'
      : before === null
        ? 'new'
        : after === null
          ? 'deleted'
          : entry.oldPath
            ? 'renamed'
            : 'modified';
  return {
    path: entry.path,
    ...(entry.oldPath !== undefined ? { oldPath: entry.oldPath } : {}),
    ...(entry.replacesDeleted ? { replacesDeleted: true } : {}),
    status,
    format: entry.format,
    before,
    after,
    ...(failed || unchanged
      ? { added: 0, removed: 0 }
      : countChanges(entry.source, entry.working.exists ? entry.working.body : null)),
    wholeFile: entry.wholeFile,
    alreadyApplied: entry.alreadyApplied,
    failures: entry.failures,
  };
}
