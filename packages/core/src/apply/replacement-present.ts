// Whether a search/replace block was applied already: its replacement stands where its search would.
import { findKeyed, searchBudget, type SearchBudget } from './line-search';
import { findExact } from './line-index';
import { matchSearch, type SearchMatch } from './search-match';
import type { Lines } from './text';

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
export function replacementPresent(
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

export const sameTexts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((text, k) => text === b[k]);
