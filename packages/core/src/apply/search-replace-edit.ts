// A search/replace block applied to a file: its search text found once, replaced there.
import { closestLines } from './closest';
import { among, fail, fileHolds, skip, type EditOutcome, type WorkingFile } from './edit-outcome';
import { editLines } from './edit-lines';
import { findElision } from './elided';
import { failure } from './failures';
import { MAX_LINE_STEPS, mayHint, someLines, spend, type SearchBudget } from './line-search';
import { findExact, spliceLines } from './line-index';
import { matchWithoutBlankEdges } from './blank-edges';
import { replacementPresent, sameTexts } from './replacement-present';
import { matchSearch } from './search-match';
import { hasFinalNewline, keepFinalNewline, linesOf, type Lines } from './text';
import type { SearchReplaceEdit } from './types';

/**
 * The replacement, its lines that the block keeps as they were (the same line first or last
 * on both sides) taken from the file: a search text found ignoring trailing spaces or
 * indentation does not rewrite the white space of the lines it only names.
 */
function asTheFileHas(
  written: string[],
  search: readonly string[],
  replace: readonly string[],
  kept: readonly string[],
): string[] {
  const most = Math.min(search.length, replace.length);
  let head = 0;
  while (head < most && search[head] === replace[head]) head++;
  let tail = 0;
  while (
    tail < most - head &&
    search[search.length - 1 - tail] === replace[replace.length - 1 - tail]
  )
    tail++;
  if (head === 0 && tail === 0) return written;
  let out: string[] | null = null;
  const take = (at: number, from: number) => {
    if (written[at] === kept[from]) return;
    out ??= written.slice();
    out[at] = kept[from]!;
  };
  for (let k = 0; k < head; k++) take(k, k);
  for (let k = 1; k <= tail; k++) take(written.length - k, kept.length - k);
  return out ?? written;
}
/** A search of white space only, some of it on a line, found exactly as written once. */
function spacesFoundOnce(lines: Lines, search: string[], budget: SearchBudget): boolean {
  if (search.every((text) => text === '')) return false;
  const found = findExact(lines, search, budget);
  return found !== null && found.length === 1;
}
export function searchReplace(
  file: WorkingFile,
  edit: SearchReplaceEdit,
  path: string,
  budget: SearchBudget,
): EditOutcome {
  let search = editLines(edit, 'search');
  let replace = editLines(edit, 'replace');
  const { body } = file;
  if (search.every((text) => text.trim() === '')) {
    // An empty SEARCH creates a file: refused on a file with content (where would it go?),
    // unless that content is the block's (sent again). A search of white space (a line of
    // spaces the change removes, copied from the file) names that line where the file
    // holds it as written, once.
    if (file.exists && body.lines.texts.length > 0) {
      if (sameTexts(body.lines.texts, replace)) return skip(file);
      if (!spacesFoundOnce(body.lines, search, budget))
        return fail(failure('FILE_EXISTS', { path }, edit.blockIndex));
    } else {
      const marker = findElision(replace, () => false);
      if (marker) return fail(failure('ELIDED_CODE', { path, marker }, edit.blockIndex));
      const eol = file.exists ? body.eol : '\n';
      return {
        ok: true,
        file: { exists: true, body: { ...body, eol, lines: linesOf(replace, eol) } },
      };
    }
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
  let match = matchSearch(body.lines, search, replace, budget);
  const again =
    match.kind === 'none' ? matchWithoutBlankEdges(body.lines, search, replace, budget) : null;
  if (again) [search, replace, match] = [again.edges.search, again.edges.replace, again.match];
  if (replacementPresent(body.lines, search, replace, match, budget)) return skip(file);
  if (match.kind === 'none') {
    const hint = mayHint(budget, body.lines.texts.length, search.length);
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
  const written = asTheFileHas(match.replace, search, replace, kept);
  if (sameTexts(kept, written)) return skip(file);
  const replaced = linesOf(written, body.eol);
  const lines = spliceLines(body.lines, match.start, match.length, replaced);
  const result = keepFinalNewline(lines, hasFinalNewline(body.lines), body.eol);
  return { ok: true, file: { exists: true, body: { ...body, lines: result } } };
}
