// A unified diff's hunks applied to a file, or read backwards when it was applied before.
import { closestLines } from './closest';
import {
  among,
  fail,
  fileHolds,
  sameLines,
  skip,
  type EditOutcome,
  type WorkingFile,
} from './edit-outcome';
import { findElision } from './elided';
import { failure } from './failures';
import { applyHunk, type HunkResult } from './hunk-apply';
import { MAX_LINE_STEPS, mayHint, someLines, spend, type SearchBudget } from './line-search';
import { noLines, type FileBody, type Lines } from './text';
import type { Hunk, UnifiedDiffEdit } from './types';

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

export function unifiedDiff(
  file: WorkingFile,
  edit: UnifiedDiffEdit,
  path: string,
  budget: SearchBudget,
): EditOutcome {
  const { eol } = file.body;
  const short = edit.hunks.findIndex((hunk) => hunk.short);
  if (short !== -1)
    return fail(failure('HUNK_FAILED', { path, hunk: short + 1, short: 1 }, edit.blockIndex));
  // A hunk of context alone says what the model meant to change no more than git reads it
  // (git calls it corrupt): its + and - were lost, or the change was never written.
  const idle = edit.hunks.findIndex((hunk) => hunk.lines.every((line) => line.op === ' '));
  if (idle !== -1)
    return fail(failure('HUNK_NO_CHANGE', { path, hunk: idle + 1 }, edit.blockIndex));
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
          else {
            const wanted = hunk.lines.filter((line) => line.op !== '+').map((line) => line.text);
            if (mayHint(budget, start.texts.length, wanted.length))
              closest = closestLines(start, wanted);
          }
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
