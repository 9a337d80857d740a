import { closestLines } from './closest';
import { findElision } from './elided';
import { failure } from './failures';
import { applyHunk } from './hunk-apply';
import { matchSearch } from './search-match';
import { answerLines, hasFinalNewline, keepFinalNewline, type FileBody, type Line } from './text';
import type {
  AnswerEdit,
  ApplyFailure,
  SearchReplaceEdit,
  UnifiedDiffEdit,
  WholeFileEdit,
} from './types';

/** A file while its edits are applied in order. */
export interface WorkingFile {
  exists: boolean;
  body: FileBody;
}

export type EditOutcome = { ok: true; file: WorkingFile } | { ok: false; failures: ApplyFailure[] };

const fail = (...failures: ApplyFailure[]): EditOutcome => ({ ok: false, failures });
const texts = (lines: readonly Line[]) => lines.map((line) => line.text);
const toLines = (texts: readonly string[], eol: FileBody['eol']): Line[] =>
  texts.map((text) => ({ text, eol }));

function wholeFile(file: WorkingFile, edit: WholeFileEdit, path: string): EditOutcome {
  const lines = answerLines(edit.text);
  const marker = findElision(lines, () => (file.exists ? texts(file.body.lines) : []));
  if (marker) return fail(failure('ELIDED_CODE', { path, marker }, edit.blockIndex));
  const eol = file.exists ? file.body.eol : '\n';
  const had = file.exists ? hasFinalNewline(file.body.lines) : true;
  return {
    ok: true,
    file: {
      exists: true,
      body: { ...file.body, eol, lines: keepFinalNewline(toLines(lines, eol), had, eol) },
    },
  };
}

function searchReplace(file: WorkingFile, edit: SearchReplaceEdit, path: string): EditOutcome {
  const search = answerLines(edit.search);
  const replace = answerLines(edit.replace);
  const { body } = file;
  if (search.every((text) => text.trim() === '')) {
    // An empty SEARCH creates a file: refused on a file with content (where would it go?).
    if (file.exists && body.lines.length > 0)
      return fail(failure('FILE_EXISTS', { path }, edit.blockIndex));
    const marker = findElision(replace, () => []);
    if (marker) return fail(failure('ELIDED_CODE', { path, marker }, edit.blockIndex));
    const eol = file.exists ? body.eol : '\n';
    return {
      ok: true,
      file: { exists: true, body: { ...body, eol, lines: toLines(replace, eol) } },
    };
  }
  if (!file.exists) return fail(failure('FILE_MISSING', { path }, edit.blockIndex));
  const current = () => texts(body.lines);
  const marker =
    findElision(search, current) ?? findElision(replace, () => [...search, ...current()]);
  if (marker) return fail(failure('ELIDED_CODE', { path, marker }, edit.blockIndex));
  const match = matchSearch(body.lines, search, replace);
  if (match.kind === 'none') {
    const closest = closestLines(current(), search);
    return fail(failure('SEARCH_NOT_FOUND', { path }, edit.blockIndex, closest));
  }
  if (match.kind === 'many') {
    const params = { path, count: match.lines.length, lines: match.lines.join(', ') };
    return fail(failure('SEARCH_AMBIGUOUS', params, edit.blockIndex));
  }
  const lines = body.lines
    .slice(0, match.start)
    .concat(toLines(match.replace, body.eol), body.lines.slice(match.start + match.length));
  const kept = keepFinalNewline(lines, hasFinalNewline(body.lines), body.eol);
  return { ok: true, file: { exists: true, body: { ...body, lines: kept } } };
}

function unifiedDiff(file: WorkingFile, edit: UnifiedDiffEdit, path: string): EditOutcome {
  if (edit.oldPath === null && file.exists)
    return fail(failure('FILE_EXISTS', { path }, edit.blockIndex));
  if (edit.oldPath !== null && !file.exists)
    return fail(failure('FILE_MISSING', { path }, edit.blockIndex));
  let lines: readonly Line[] = edit.oldPath === null ? [] : file.body.lines;
  let patched: boolean[] = new Array<boolean>(lines.length).fill(false);
  const failures: ApplyFailure[] = [];
  edit.hunks.forEach((hunk, index) => {
    const added: string[] = [];
    for (const line of hunk.lines) if (line.op === '+') added.push(line.text);
    // The preimage is needed only when a marker turns up or the hunk fails.
    const removed = () => hunk.lines.filter((line) => line.op !== '+').map((line) => line.text);
    const marker = findElision(added, () => [...removed(), ...texts(lines)]);
    if (marker) {
      failures.push(failure('ELIDED_CODE', { path, marker }, edit.blockIndex));
      return;
    }
    const result = applyHunk(lines, patched, hunk, file.body.eol);
    if (result.ok) {
      ({ lines, patched } = result);
      return;
    }
    const params: Record<string, string | number> = {
      path,
      hunk: index + 1,
      line: result.expected,
    };
    if (result.ambiguous)
      Object.assign(params, { count: result.ambiguous.length, lines: result.ambiguous.join(', ') });
    const closest = result.ambiguous ? null : closestLines(texts(lines), removed());
    failures.push(failure('HUNK_FAILED', params, edit.blockIndex, closest));
  });
  if (failures.length > 0) return fail(...failures);
  if (edit.newPath === null) {
    // A deletion without hunks deletes; with hunks, they must remove every line (as git checks).
    if (edit.hunks.length > 0 && lines.length > 0)
      return fail(failure('DELETE_LEAVES_TEXT', { path }, edit.blockIndex));
    return { ok: true, file: { exists: false, body: { ...file.body, lines: [] } } };
  }
  return { ok: true, file: { exists: true, body: { ...file.body, lines } } };
}

/** Applies one edit to the file as the earlier edits left it. */
export function applyEdit(file: WorkingFile, edit: AnswerEdit, path: string): EditOutcome {
  switch (edit.kind) {
    case 'whole-file':
      return wholeFile(file, edit, path);
    case 'delete-file':
      if (!file.exists) return fail(failure('FILE_MISSING', { path }, edit.blockIndex));
      return { ok: true, file: { exists: false, body: { ...file.body, lines: [] } } };
    case 'search-replace':
      return searchReplace(file, edit, path);
    case 'unified-diff':
      if (edit.binary) return fail(failure('BINARY', { path }, edit.blockIndex));
      return unifiedDiff(file, edit, path);
  }
}
