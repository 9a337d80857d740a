import { applyEdit } from './apply-edit';
import type { WorkingFile } from './edit-outcome';
import { failure } from './failures';
import { lineChangeCounts } from './line-counts';
import { searchBudget, type SearchBudget } from './line-search';
import { failLinked, freedPaths } from './freed-paths';
import { checkApplyPath } from './paths';
import { pairRenames } from './rename-pairs';
import { noLines, readBody, writeBody, type FileBody } from './text';
import type {
  AnswerEdit,
  ApplyFailure,
  ApplyFormat,
  ApplyPlan,
  FileText,
  ParsedAnswer,
  PlannedFile,
} from './types';

const FORMATS: Record<AnswerEdit['kind'], ApplyFormat> = {
  'whole-file': 'whole-file',
  'delete-file': 'whole-file',
  'search-replace': 'search-replace',
  'unified-diff': 'unified-diff',
};

/** The paths an edit reads: its file, and for a rename the file it comes from. */
function editPaths(edit: AnswerEdit): string[] {
  if (edit.kind !== 'unified-diff') return [edit.path];
  return [edit.oldPath, edit.newPath].filter((path): path is string => path !== null);
}

/**
 * Every path the caller must read before planning (old and new sides of renames), in their
 * normal form; paths the answer may not touch are left out (they are refused, never read).
 */
export function touchedPaths(parsed: ParsedAnswer): string[] {
  const paths = new Set<string>();
  for (const edit of parsed.edits) {
    for (const path of editPaths(edit)) {
      const checked = checkApplyPath(path);
      if (checked.ok) paths.add(checked.path);
    }
  }
  return [...paths];
}

interface Entry {
  path: string;
  oldPath?: string;
  before: FileText | null;
  format: ApplyFormat;
  wholeFile: boolean;
  /** The file as read (null: it did not exist). */
  source: FileBody | null;
  working: WorkingFile;
  failures: ApplyFailure[];
  /** Edits whose result was in the file already (skipped). */
  alreadyApplied: number;
  /** The work the answer's edits may still spend finding their text (shared by all files). */
  budget: SearchBudget;
  /** A new file at a path the answer frees (a rename, copy or creation onto it). */
  takesFreed: boolean;
  /** Edits not tried: the file had failed MAX_FAILURES_PER_FILE times already. */
  notTried: number;
  /** A rename or copy onto a file an earlier edit of the answer deleted. */
  replacesDeleted?: boolean;
  /** The block of its first edit. */
  firstBlock: number;
}

/**
 * Failed blocks reported for one file; later edits of that file are counted, not tried
 * (it is not written anyway): an answer of thousands of failing blocks stays cheap to plan
 * and to read.
 */
const MAX_FAILURES_PER_FILE = 100;

const EMPTY_BODY = () => readBody('');

const countChanges = (before: FileBody | null, after: FileBody | null) =>
  lineChangeCounts(before?.lines ?? noLines(), after?.lines ?? noLines());

/** The target of an edit (the new path of a rename) and the path its text comes from. */
function route(edit: AnswerEdit): { path: string; source: string; refused: ApplyFailure | null } {
  const [target, from] =
    edit.kind === 'unified-diff'
      ? [edit.newPath ?? edit.oldPath ?? edit.path, edit.oldPath ?? edit.newPath ?? edit.path]
      : [edit.path, edit.path];
  for (const raw of new Set([target, from])) {
    const checked = checkApplyPath(raw);
    if (!checked.ok) {
      const { code, params } = checked.reason;
      return { path: target, source: from, refused: failure(code, params, edit.blockIndex) };
    }
  }
  const path = (checkApplyPath(target) as { path: string }).path;
  const source = (checkApplyPath(from) as { path: string }).path;
  return { path, source, refused: null };
}

/** Whether an edit creates its file (a diff from /dev/null). */
const creates = (edit: AnswerEdit) => edit.kind === 'unified-diff' && edit.oldPath === null;

/**
 * The entry of the first edit of `path`. A copy starts from its source's text and is a new
 * file; a rename moves its source. A rename, copy or creation may take a path the answer
 * frees (as `git apply` allows); a creation at a path a rename moves away starts empty.
 */
function newEntry(
  edit: AnswerEdit,
  path: string,
  source: string,
  read: (path: string) => FileText | null,
  budget: SearchBudget,
  freed: ReadonlySet<string>,
  moved: ReadonlySet<string>,
): Entry {
  const copy = edit.kind === 'unified-diff' && edit.copy === true && source !== path;
  const takesFreed = (source !== path || creates(edit)) && freed.has(path);
  const startsEmpty = creates(edit) && moved.has(path);
  const from = startsEmpty ? null : read(source);
  const before = copy || startsEmpty ? read(path) : from;
  const body = from ? readBody(from.text) : null;
  const entry: Entry = {
    path,
    ...(source !== path && !copy ? { oldPath: source } : {}),
    before,
    format: FORMATS[edit.kind],
    wholeFile: false,
    source: copy ? null : body,
    working: { exists: body !== null, body: body ?? EMPTY_BODY() },
    failures: [],
    alreadyApplied: 0,
    budget,
    takesFreed,
    notTried: 0,
    firstBlock: edit.blockIndex,
  };
  if (source !== path && read(path) !== null && !freed.has(path)) {
    entry.failures.push(failure('FILE_EXISTS', { path }, edit.blockIndex));
  }
  return entry;
}

/**
 * A rename sent again after it was applied (a second round): its old path is gone and its
 * new path holds its result, every hunk in it already. Planned as an edit of the new path
 * with nothing to write; anything short of that is left to fail as a rename of a missing file.
 */
function renameApplied(
  edit: AnswerEdit,
  path: string,
  source: string,
  read: (path: string) => FileText | null,
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
  const planned = [...entries.values()].map((entry): PlannedFile => {
    const before = entry.before?.text ?? null;
    const exists = entry.working.exists;
    const failed =
      entry.failures.length > 0 || (before === null && !exists && entry.alreadyApplied === 0);
    const after = failed ? before : exists ? writeBody(entry.working.body) : null;
    // Every edit was in the file already or changed nothing: there is nothing to write.
    const unchanged =
      !failed && entry.oldPath === undefined && !entry.takesFreed && after === before;
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
  });
  const unplaced = parsed.problems.map((problem) =>
    failure(problem.code, { line: problem.line }, problem.blockIndex),
  );
  const takers = new Set([...entries.values()].filter((e) => e.takesFreed).map((e) => e.path));
  const linked = failLinked(pairRenames(planned, takers));
  return { files: [...linked, ...refused.values()], failures: unplaced };
}
