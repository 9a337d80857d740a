import { closestLines } from './closest';
import { findElision } from './elided';
import { failure } from './failures';
import { applyHunk, type HunkResult } from './hunk-apply';
import {
  findKeyed,
  MAX_LINE_STEPS,
  mayHint,
  searchBudget,
  someLines,
  spend,
  type SearchBudget,
} from './line-search';
import { holdsKey, keyedLines, spliceLines } from './line-index';
import { matchSearch, type SearchMatch } from './search-match';
import {
  answerLines,
  hasFinalNewline,
  keepFinalNewline,
  linesOf,
  noLines,
  type FileBody,
  type Lines,
} from './text';
import type {
  AnswerEdit,
  Hunk,
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

/** `alreadyApplied`: the edit's result was in the file already (or it changes nothing); skipped. */
export type EditOutcome =
  | { ok: true; file: WorkingFile; alreadyApplied?: boolean }
  | { ok: false; failures: ApplyFailure[] };

const fail = (...failures: ApplyFailure[]): EditOutcome => ({ ok: false, failures });
const skip = (file: WorkingFile): EditOutcome => ({ ok: true, file, alreadyApplied: true });

/** Same texts and endings, line for line. */
function sameLines(a: Lines, b: Lines): boolean {
  if (a.texts.length !== b.texts.length) return false;
  for (let k = 0; k < a.texts.length; k++)
    if (a.texts[k] !== b.texts[k] || a.eols[k] !== b.eols[k]) return false;
  return true;
}

/**
 * Whether the file holds `marker` as a line (spaces around it aside), asked of its index;
 * once the budget is spent, `affordable.ok` turns false and nothing is held.
 */
function fileHolds(lines: Lines, budget: SearchBudget, affordable: { ok: boolean }) {
  return (marker: string) => {
    const index = affordable.ok ? keyedLines(lines, 'trim', budget) : null;
    if (!index) affordable.ok = false;
    return index ? holdsKey(index, marker) : false;
  };
}

/** Whether some of `texts` is `marker`, spaces around it aside. */
const among = (texts: readonly string[], marker: string) =>
  texts.some((text) => text.includes(marker) && text.trim() === marker);

function wholeFile(
  file: WorkingFile,
  edit: WholeFileEdit,
  path: string,
  budget: SearchBudget,
): EditOutcome {
  const texts = answerLines(edit.text);
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

/** Where a match starts, 0-based (every start when it was found in several places). */
function matchStarts(match: SearchMatch): number[] {
  if (match.kind === 'one') return [match.start];
  if (match.kind === 'many') return match.lines.map((line) => line - 1);
  return [];
}

/**
 * A block the model sends again after it was applied: its replacement is in the file where
 * its search text would be (each place the search text is found lies inside a copy of the
 * replacement), or the search text is gone and the replacement is found in one place.
 */
function replacementPresent(
  lines: Lines,
  search: string[],
  replace: string[],
  match: SearchMatch,
  budget: SearchBudget,
): boolean {
  if (replace.every((text) => text.trim() === '') || sameTexts(search, replace)) return false;
  if (match.kind === 'too-many') return false;
  // Found once, the search text can only lie inside a copy of the replacement if the
  // replacement holds it (checked on the block alone, without reading the file again).
  if (match.kind === 'one' && !holds(replace, search)) return false;
  const present = matchSearch(lines, replace, [], budget);
  if (match.kind === 'none') return present.kind === 'one';
  const copies = matchStarts(present);
  const length = replace.length;
  return matchStarts(match).every((start) =>
    copies.some((copy) => copy <= start && start + search.length <= copy + length),
  );
}

/** Whether `outer` holds `inner` as consecutive lines (spaces at the ends aside). */
function holds(outer: readonly string[], inner: readonly string[]): boolean {
  const key = (text: string) => text.trim();
  // A replacement as long as its search text (the usual edit) holds it only as a whole: one
  // pass that stops at the first differing line, without keying every line of both.
  if (outer.length <= inner.length)
    return outer.length === inner.length && outer.every((text, k) => key(text) === key(inner[k]!));
  const found = findKeyed(outer.length, (k) => key(outer[k]!), inner.map(key), searchBudget());
  return found !== null && found.length > 0;
}

const sameTexts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((text, k) => text === b[k]);

function searchReplace(
  file: WorkingFile,
  edit: SearchReplaceEdit,
  path: string,
  budget: SearchBudget,
): EditOutcome {
  const search = answerLines(edit.search);
  const replace = answerLines(edit.replace);
  const { body } = file;
  if (search.every((text) => text.trim() === '')) {
    // An empty SEARCH creates a file: refused on a file with content (where would it go?),
    // unless that content is the block's (sent again).
    if (file.exists && body.lines.texts.length > 0) {
      if (sameTexts(body.lines.texts, replace)) return skip(file);
      return fail(failure('FILE_EXISTS', { path }, edit.blockIndex));
    }
    const marker = findElision(replace, () => false);
    if (marker) return fail(failure('ELIDED_CODE', { path, marker }, edit.blockIndex));
    const eol = file.exists ? body.eol : '\n';
    return {
      ok: true,
      file: { exists: true, body: { ...body, eol, lines: linesOf(replace, eol) } },
    };
  }
  if (!file.exists) return fail(failure('FILE_MISSING', { path }, edit.blockIndex));
  // The file's index tells the marker lines it holds; building it is paid for like a search.
  const affordable = { ok: true };
  const inFile = fileHolds(body.lines, budget, affordable);
  const marker =
    findElision(search, inFile) ??
    findElision(replace, (text) => among(search, text) || inFile(text));
  if (!affordable.ok)
    return fail(failure('SEARCH_TOO_AMBIGUOUS', { path, limit: MAX_LINE_STEPS }, edit.blockIndex));
  if (marker) return fail(failure('ELIDED_CODE', { path, marker }, edit.blockIndex));
  const match = matchSearch(body.lines, search, replace, budget);
  if (replacementPresent(body.lines, search, replace, match, budget)) return skip(file);
  if (match.kind === 'none') {
    const hint = mayHint(budget, body.lines.texts.length);
    const closest = hint ? closestLines(body.lines, search) : null;
    return fail(failure('SEARCH_NOT_FOUND', { path }, edit.blockIndex, closest));
  }
  if (match.kind === 'too-many') {
    const params = { path, limit: MAX_LINE_STEPS };
    return fail(failure('SEARCH_TOO_AMBIGUOUS', params, edit.blockIndex));
  }
  if (match.kind === 'many') {
    const params = { path, count: match.lines.length, lines: someLines(match.lines) };
    return fail(failure('SEARCH_AMBIGUOUS', params, edit.blockIndex));
  }
  spend(budget, body.lines.texts.length);
  const kept = body.lines.texts.slice(match.start, match.start + match.length);
  if (sameTexts(kept, match.replace)) return skip(file);
  const replaced = linesOf(match.replace, body.eol);
  const lines = spliceLines(body.lines, match.start, match.length, replaced);
  const result = keepFinalNewline(lines, hasFinalNewline(body.lines), body.eol);
  return { ok: true, file: { exists: true, body: { ...body, lines: result } } };
}

/** The hunk read backwards: what it adds is what it would remove, and its sides swap. */
const reversed = (hunk: Hunk): Hunk => ({
  oldStart: hunk.newStart,
  newStart: hunk.oldStart,
  lines: hunk.lines.map((line) => ({
    ...line,
    op: line.op === '+' ? '-' : line.op === '-' ? '+' : ' ',
  })),
});

/** The hunks applied in order, or the indexes of those that do not apply (and why). */
function applyHunks(
  start: Lines,
  hunks: readonly Hunk[],
  eol: FileBody['eol'],
  budget: SearchBudget,
): { ok: true; lines: Lines } | { ok: false; failed: [number, HunkResult][] } {
  let lines = start;
  if (!spend(budget, lines.texts.length))
    return {
      ok: false,
      failed: [[0, { ok: false, ambiguous: null, expected: 0, tooCostly: true }]],
    };
  // Lines a hunk produced (1), none yet: an empty array (indexes past its end are unmarked).
  let patched: Uint8Array = new Uint8Array(0);
  const failed: [number, HunkResult][] = [];
  for (let index = 0; index < hunks.length; index++) {
    const result = applyHunk(lines, patched, hunks[index]!, eol, budget);
    if (result.ok) ({ lines, patched } = result);
    else failed.push([index, result]);
  }
  return failed.length > 0 ? { ok: false, failed } : { ok: true, lines };
}

function unifiedDiff(
  file: WorkingFile,
  edit: UnifiedDiffEdit,
  path: string,
  budget: SearchBudget,
): EditOutcome {
  const { eol } = file.body;
  const short = edit.hunks.findIndex((hunk) => hunk.short);
  if (short !== -1)
    return fail(failure('HUNK_FAILED', { path, hunk: short + 1, short: 1 }, edit.blockIndex));
  // Hunks that start at line 0 and keep no line (`@@ -0,0 +1,3 @@`) create a missing file.
  const creates =
    edit.hunks.length > 0 &&
    edit.hunks.every((hunk) => hunk.oldStart === 0 && hunk.lines.every((line) => line.op === '+'));
  if (creates && !file.exists && edit.oldPath !== null && edit.oldPath === edit.newPath)
    return unifiedDiff(file, { ...edit, oldPath: null }, path, budget);
  if (edit.oldPath === null && file.exists) {
    const created = applyHunks(noLines(), edit.hunks, eol, budget);
    if (created.ok && sameLines(created.lines, file.body.lines)) return skip(file);
    return fail(failure('FILE_EXISTS', { path }, edit.blockIndex));
  }
  // A deletion of a file that is gone was applied before.
  if (edit.oldPath !== null && edit.newPath === null && !file.exists) return skip(file);
  if (edit.oldPath !== null && !file.exists)
    return fail(failure('FILE_MISSING', { path }, edit.blockIndex));
  const start = edit.oldPath === null ? noLines() : file.body.lines;
  const tooCostly = () =>
    fail(failure('SEARCH_TOO_AMBIGUOUS', { path, limit: MAX_LINE_STEPS }, edit.blockIndex));
  for (let h = 0; h < edit.hunks.length; h++) {
    const hunk = edit.hunks[h]!;
    const added: string[] = [];
    for (let k = 0; k < hunk.lines.length; k++)
      if (hunk.lines[k]!.op === '+') added.push(hunk.lines[k]!.text);
    const removed = () => hunk.lines.filter((line) => line.op !== '+').map((line) => line.text);
    const affordable = { ok: true };
    const inFile = fileHolds(start, budget, affordable);
    const marker = findElision(added, (text) => among(removed(), text) || inFile(text));
    if (!affordable.ok) return tooCostly();
    if (marker) return fail(failure('ELIDED_CODE', { path, marker }, edit.blockIndex));
  }
  const result = applyHunks(start, edit.hunks, eol, budget);
  if (!result.ok) {
    // The whole diff read backwards applies: its result is there already (the answer was
    // applied before), as \`patch\` detects a previously applied patch.
    const changes = edit.hunks.some((hunk) => hunk.lines.some((line) => line.op !== ' '));
    if (
      changes &&
      edit.newPath !== null &&
      applyHunks(start, edit.hunks.map(reversed), eol, budget).ok
    )
      return skip(file);
    if (result.failed.some(([, failed]) => !failed.ok && failed.tooCostly))
      return fail(
        failure('SEARCH_TOO_AMBIGUOUS', { path, limit: MAX_LINE_STEPS }, edit.blockIndex),
      );
    return fail(
      ...result.failed.map(([index, failed]) => {
        const hunk = edit.hunks[index]!;
        const params: Record<string, string | number> = { path, hunk: index + 1 };
        let closest = null;
        if (!failed.ok) {
          params.line = failed.expected;
          if (failed.ambiguous)
            Object.assign(params, {
              count: failed.ambiguous.length,
              lines: someLines(failed.ambiguous),
            });
          else if (mayHint(budget, start.texts.length))
            closest = closestLines(
              start,
              hunk.lines.filter((line) => line.op !== '+').map((line) => line.text),
            );
        }
        return failure('HUNK_FAILED', params, edit.blockIndex, closest);
      }),
    );
  }
  const { lines } = result;
  if (edit.newPath === null) {
    // A deletion without hunks deletes; with hunks, they must remove every line (as git checks).
    if (edit.hunks.length > 0 && lines.texts.length > 0)
      return fail(failure('DELETE_LEAVES_TEXT', { path }, edit.blockIndex));
    return { ok: true, file: { exists: false, body: { ...file.body, lines: noLines() } } };
  }
  return { ok: true, file: { exists: true, body: { ...file.body, lines } } };
}

/** Applies one edit to the file as the earlier edits left it. */
export function applyEdit(
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
