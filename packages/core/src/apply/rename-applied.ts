import { applyEdit } from './apply-edit';
import type { SearchBudget } from './line-search';
import { newEntry, type Entry, type ReadFile } from './plan-entry';
import type { AnswerEdit } from './types';

/**
 * A rename sent again after it was applied (a second round): its old path is gone and its
 * new path holds its result, every hunk in it already. Planned as an edit of the new path
 * with nothing to write; anything short of that is left to fail as a rename of a missing file.
 */
export function renameApplied(
  edit: AnswerEdit,
  path: string,
  source: string,
  read: ReadFile,
  budget: SearchBudget,
): Entry | null {
  if (edit.kind !== 'unified-diff' || edit.copy === true || edit.newPath === null) return null;
  if (source === path || read(source) !== null || read(path) === null) return null;
  const entry = newEntry(edit, path, path, read, budget, new Set(), new Set());
  if (entry.before?.binary) return null;
  const outcome = applyEdit(entry.working, edit, path, budget);
  const changes = edit.hunks.some((hunk) => hunk.lines.some((line) => line.op !== ' '));
  if (!outcome.ok || (changes && !outcome.alreadyApplied)) return null;
  entry.alreadyApplied = 1;
  return entry;
}
