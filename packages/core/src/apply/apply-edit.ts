// One edit of an answer applied to a file as the earlier edits left it.
import { unifiedDiff } from './diff-edit';
import {
  fail,
  fileHolds,
  sameLines,
  skip,
  type EditOutcome,
  type WorkingFile,
} from './edit-outcome';
import { editLines } from './edit-lines';
import { findElision } from './elided';
import { failure } from './failures';
import { MAX_LINE_STEPS, type SearchBudget } from './line-search';
import { searchReplace } from './search-replace-edit';
import {
  bomFromText,
  bomInText,
  hasFinalNewline,
  keepFinalNewline,
  linesOf,
  noLines,
  startsWithBom,
} from './text';
import type { AnswerEdit, WholeFileEdit } from './types';

function wholeFile(
  file: WorkingFile,
  edit: WholeFileEdit,
  path: string,
  budget: SearchBudget,
): EditOutcome {
  const texts = editLines(edit, 'text');
  const affordable = { ok: true };
  const inFile = fileHolds(file.body.lines, budget, affordable);
  const marker = findElision(texts, (text) => file.exists && inFile(text));
  if (!affordable.ok)
    return fail(failure('SEARCH_TOO_AMBIGUOUS', { path, limit: MAX_LINE_STEPS }, edit.blockIndex));
  if (marker) return fail(failure('ELIDED_CODE', { path, marker }, edit.blockIndex));
  const eol = file.exists ? file.body.eol : '\n';
  const had = file.exists ? hasFinalNewline(file.body.lines) : true;
  const written = keepFinalNewline(linesOf(texts, eol), had, eol);
  if (file.exists && sameLines(written, file.body.lines)) return skip(file);
  return { ok: true, file: { exists: true, body: { ...file.body, eol, lines: written } } };
}
/**
 * Whether the edit copies the file's BOM: a whole file or a search text whose first line
 * starts with it, a diff with a context or removed line that does (git writes the BOM as the
 * first line's first bytes).
 */
function copiesBom(edit: AnswerEdit): boolean {
  switch (edit.kind) {
    case 'whole-file':
      return startsWithBom(edit.text);
    case 'search-replace':
      // Not trimStart: it takes U+FEFF for white space. A block may be indented as a whole.
      return startsWithBom(edit.search.replace(/^(?:[ \t]*\r?\n)*[ \t]*/, ''));
    case 'unified-diff':
      return edit.hunks.some((hunk) =>
        hunk.lines.some((line) => line.op !== '+' && startsWithBom(line.text)),
      );
    case 'delete-file':
      return false;
  }
}

/**
 * Applies one edit to the file as the earlier edits left it. The file's BOM is kept apart
 * from its lines; an edit that copies it is applied to the lines with the BOM at the start
 * of the first, so that it matches there and is kept once (not written twice), or dropped
 * where the edit drops it.
 */
export function applyEdit(
  file: WorkingFile,
  edit: AnswerEdit,
  path: string,
  budget: SearchBudget,
): EditOutcome {
  if (!file.exists || !file.body.bom || file.body.lines.texts.length === 0 || !copiesBom(edit))
    return applyEditTo(file, edit, path, budget);
  const outcome = applyEditTo({ ...file, body: bomInText(file.body) }, edit, path, budget);
  if (!outcome.ok) return outcome;
  if (outcome.alreadyApplied) return skip(file);
  const { exists, body } = outcome.file;
  return { ...outcome, file: { exists, body: exists ? bomFromText(body) : body } };
}

function applyEditTo(
  file: WorkingFile,
  edit: AnswerEdit,
  path: string,
  budget: SearchBudget,
): EditOutcome {
  switch (edit.kind) {
    case 'whole-file':
      return wholeFile(file, edit, path, budget);
    case 'delete-file':
      if (!file.exists) return skip(file);
      return { ok: true, file: { exists: false, body: { ...file.body, lines: noLines() } } };
    case 'search-replace':
      return searchReplace(file, edit, path, budget);
    case 'unified-diff':
      if (edit.binary) return fail(failure('BINARY', { path }, edit.blockIndex));
      return unifiedDiff(file, edit, path, budget);
  }
}
