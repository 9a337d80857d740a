import { closestLines } from './closest';
import { unifiedDiff } from './diff-edit';
import {
  among,
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
import {
  findKeyed,
  MAX_LINE_STEPS,
  mayHint,
  searchBudget,
  someLines,
  spend,
  type SearchBudget,
} from './line-search';
import { findExact, spliceLines } from './line-index';
import { matchSearch, type SearchMatch } from './search-match';
import {
  bomFromText,
  bomInText,
  hasFinalNewline,
  keepFinalNewline,
  linesOf,
  noLines,
  startsWithBom,
  type Lines,
} from './text';
import type { AnswerEdit, SearchReplaceEdit, WholeFileEdit } from './types';

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
  if (match.kind === 'none') return matchSearch(lines, replace, [], budget).kind === 'one';
  let copies: number[];
  if (match.exact) {
    // Found as written, the search text lies in a copy of the replacement written as it is:
    // one found ignoring white space could be the search text's own lines (a block that
    // re-indents them, or adds a line like its last one but for trailing spaces).
    const exact = findExact(lines, replace, budget);
    if (exact === null) return false;
    copies = exact;
  } else if (replace.length === search.length && holds(search, replace)) {
    // A block that changes only white space, its search text found ignoring white space:
    // applied if the lines found are its replacement as written (sent again after a
    // re-indent), not because they equal it ignoring white space, as they equal the search.
    return (
      match.kind === 'one' &&
      sameTexts(lines.texts.slice(match.start, match.start + match.length), replace)
    );
  } else copies = matchStarts(matchSearch(lines, replace, [], budget));
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

interface BlankEdges {
  search: string[];
  replace: string[];
  /** The blank lines the search keeps at its start. */
  keptHead: number;
  /** The search loses blank lines at its start (its end) that the replacement has not. */
  dropsHead: boolean;
  dropsTail: boolean;
}

const isBlankLine = (text: string) => text.trim() === '';
const MAX_BLANK_DROPPED = 4;

/** How many blank lines `texts` starts with, and ends with after those. */
function blankEnds(texts: string[]): [number, number] {
  let head = 0;
  while (head < texts.length && isBlankLine(texts[head]!)) head++;
  let tail = 0;
  while (texts.length - tail > head && isBlankLine(texts[texts.length - 1 - tail]!)) tail++;
  return [head, tail];
}

/**
 * The ways to drop `dropped` of the blank lines at the search text's start and end, which
 * models add after the SEARCH marker or before the divider where the file has none. The
 * replacement loses as many of its own blank lines at each end (those it shares with the
 * search).
 */
function withoutBlankEdges(search: string[], replace: string[], dropped: number): BlankEdges[] {
  const [head, tail] = blankEnds(search);
  const [replaceLead] = blankEnds(replace);
  const ways: BlankEdges[] = [];
  for (let fromHead = Math.min(head, dropped); fromHead >= 0; fromHead--) {
    const fromTail = dropped - fromHead;
    if (fromTail > tail) break;
    const replaceHead = Math.min(fromHead, replaceLead);
    let replaceTrail = 0;
    while (
      replace.length - replaceTrail > replaceHead &&
      isBlankLine(replace[replace.length - 1 - replaceTrail]!)
    )
      replaceTrail++;
    const replaceTail = Math.min(fromTail, replaceTrail);
    ways.push({
      search: search.slice(fromHead, search.length - fromTail),
      replace: replace.slice(replaceHead, replace.length - replaceTail),
      keptHead: head - fromHead,
      dropsHead: replaceHead < fromHead,
      dropsTail: replaceTail < fromTail,
    });
  }
  return ways;
}

/**
 * A search text found nowhere, found without its blank edge lines: its other lines must be
 * found once (twice: ambiguous), and of the ways to drop fewer, the first that finds them
 * there too is taken. Where the block removes the lines dropped (the replacement has fewer)
 * and the file has a blank line just there, it may mean that one: not certain, that way is
 * not taken. Null: its other lines are nowhere, or it has no blank edge line.
 */
function matchWithoutBlankEdges(
  lines: Lines,
  search: string[],
  replace: string[],
  budget: SearchBudget,
): { edges: BlankEdges; match: SearchMatch } | null {
  const [head, tail] = blankEnds(search);
  const all = head + tail;
  if (all === 0 || head === search.length) return null;
  const stripped = withoutBlankEdges(search, replace, all)[0]!;
  const inner = matchSearch(lines, stripped.search, stripped.replace, budget);
  if (inner.kind === 'none') return null;
  if (inner.kind !== 'one') return { edges: stripped, match: inner };
  const blankAt = (at: number) =>
    at >= 0 && at < lines.texts.length && isBlankLine(lines.texts[at]!);
  // Models add a blank line or two at each end: the ways of dropping a few are tried, then
  // all of them (which bounds the ways a block of many blank lines tries).
  const counts = Array.from({ length: Math.min(all, MAX_BLANK_DROPPED) }, (_, k) => k + 1);
  if (all > MAX_BLANK_DROPPED) counts.push(all);
  for (const dropped of counts) {
    for (const edges of withoutBlankEdges(search, replace, dropped)) {
      const match =
        dropped === all ? inner : matchSearch(lines, edges.search, edges.replace, budget);
      if (match.kind === 'too-many') return { edges, match };
      if (match.kind !== 'one' || match.start + edges.keptHead !== inner.start) continue;
      if (edges.dropsHead && blankAt(match.start - 1)) continue;
      if (edges.dropsTail && blankAt(match.start + match.length)) continue;
      return { edges, match };
    }
  }
  return null;
}

/** A search of white space only, some of it on a line, found exactly as written once. */
function spacesFoundOnce(lines: Lines, search: string[], budget: SearchBudget): boolean {
  if (search.every((text) => text === '')) return false;
  const found = findExact(lines, search, budget);
  return found !== null && found.length === 1;
}

function searchReplace(
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
