import { applyEdit } from './apply-edit';
import { route } from './edit-route';
import { failure } from './failures';
import { failLinked, freedPaths } from './freed-paths';
import { searchBudget } from './line-search';
import { FORMATS, newEntry, type Entry } from './plan-entry';
import { plannedFile } from './planned-file';
import { pairRenames } from './rename-pairs';
import { renameApplied } from './rename-applied';
import type { ApplyPlan, FileText, ParsedAnswer, PlannedFile } from './types';

/**
 * Failed blocks reported for one file; later edits of that file are counted, not tried
 * (it is not written anyway): an answer of thousands of failing blocks stays cheap to plan
 * and to read.
 */
const MAX_FAILURES_PER_FILE = 100;

/**
 * Plans an answer against the files as they are now (`files`: path → its text, or null
 * when it does not exist; a path missing from the map counts as absent). Edits of one file
 * apply in the answer's order; a file with any failed edit is left as it is (its `after`
 * equals its `before`), never half-edited. Pure: nothing is read or written.
 */
export function planApply(
  parsed: ParsedAnswer,
  files: ReadonlyMap<string, FileText | null>,
): ApplyPlan {
  const entries = new Map<string, Entry>();
  const refused = new Map<string, PlannedFile>();
  const read = (path: string) => files.get(path) ?? null;
  // One budget for the whole answer: however its blocks are spread, planning stays bounded.
  const budget = searchBudget();
  const { freed, moved } = freedPaths(parsed.edits);

  for (const edit of parsed.edits) {
    const { path, source, refused: reason } = route(edit);
    if (reason) {
      const planned = refused.get(path) ?? {
        path,
        status: 'failed' as const,
        format: FORMATS[edit.kind],
        before: null,
        after: null,
        added: 0,
        removed: 0,
        wholeFile: edit.kind === 'whole-file',
        alreadyApplied: 0,
        failures: [],
      };
      planned.failures.push(reason);
      refused.set(path, planned);
      continue;
    }
    let entry = entries.get(path);
    const moves = source !== path;
    if (!entry && moves && !entries.has(source)) {
      const applied = renameApplied(edit, path, source, read, budget);
      if (applied) {
        entries.set(path, applied);
        continue;
      }
    }
    if (entry && moves && !entry.working.exists && entry.oldPath === undefined) {
      // A rename or copy onto a path an earlier edit deleted takes its place; the deletion
      // is part of it (it failing fails both).
      const deletion = entry;
      entry = newEntry(edit, path, source, read, budget, freed, moved);
      entry.failures.push(...deletion.failures);
      entry.alreadyApplied += deletion.alreadyApplied;
      if (deletion.before !== null) entry.replacesDeleted = true;
      entries.set(path, entry);
    } else if (entry && moves) {
      // A second file moved into a path another edit of the answer already writes: which
      // one should stay there? Refused rather than guessed.
      entry.failures.push(failure('FILE_EXISTS', { path }, edit.blockIndex));
      continue;
    }
    if (!entry) {
      entry = newEntry(edit, path, source, read, budget, freed, moved);
      entries.set(path, entry);
    }
    if (entry.failures.length >= MAX_FAILURES_PER_FILE) {
      entry.notTried++;
      continue;
    }
    if (edit.kind === 'whole-file') entry.wholeFile = true;
    if (entry.before?.binary) {
      if (!entry.failures.some((known) => known.code === 'BINARY'))
        entry.failures.push(failure('BINARY', { path: entry.oldPath ?? path }, edit.blockIndex));
      continue;
    }
    const outcome = applyEdit(entry.working, edit, path, entry.budget);
    if (!outcome.ok) entry.failures.push(...outcome.failures);
    else if (outcome.alreadyApplied) entry.alreadyApplied++;
    // A deletion of a path a file moved into earlier is checked against that file, and
    // removes only what was there before: `git apply` removes every deleted or moved-away
    // path before it writes any file.
    else if (!outcome.file.exists && (entry.oldPath !== undefined || entry.takesFreed)) {
      if (read(path) !== null) entry.replacesDeleted = true;
    } else entry.working = outcome.file;
  }

  // A file that takes a path whose file was to move away by an edit that was refused would
  // write over text that goes nowhere: it is refused as well.
  const movedAway = new Set([...entries.values()].map((entry) => entry.oldPath));
  for (const entry of entries.values())
    if (
      entry.takesFreed &&
      read(entry.path) !== null &&
      !entry.replacesDeleted &&
      !movedAway.has(entry.path)
    )
      entry.failures.push(failure('FILE_EXISTS', { path: entry.path }, entry.firstBlock));
  for (const entry of entries.values())
    if (entry.notTried > 0)
      entry.failures.push(
        failure('BLOCKS_NOT_TRIED', {
          path: entry.path,
          skipped: entry.notTried,
          limit: MAX_FAILURES_PER_FILE,
        }),
      );
  const planned = [...entries.values()].map(plannedFile);
  const unplaced = parsed.problems.map((problem) =>
    failure(problem.code, { line: problem.line }, problem.blockIndex),
  );
  const takers = new Set([...entries.values()].filter((e) => e.takesFreed).map((e) => e.path));
  const linked = failLinked(pairRenames(planned, takers));
  return { files: [...linked, ...refused.values()], failures: unplaced };
}
