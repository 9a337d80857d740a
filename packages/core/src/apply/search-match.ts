import { findExact, findIndexed, keyedLines, KEYS, type LineKey } from './line-index';
import { spend, type SearchBudget } from './line-search';
import type { Lines } from './text';

export type SearchMatch =
  /** `exact`: found as written, not ignoring white space. */
  | { kind: 'one'; start: number; length: number; replace: string[]; exact: boolean }
  | { kind: 'none' }
  | { kind: 'many'; lines: number[]; exact: boolean }
  /** Finding it would take more than what is left of the file's budget. */
  | { kind: 'too-many' };

const isBlank = (text: string) => text.trim() === '';
const leadingSpace = (text: string) => /^\s*/.exec(text)?.[0] ?? '';

/**
 * The indentation level: every non-blank line of the file holds the search line (stripped of
 * the block's common indentation) behind one and the same prefix of white space, which is
 * returned (null: no match at `at`).
 */
function indentShift(lines: Lines, at: number, search: readonly string[]) {
  let prefix: string | null = null;
  for (const [j, text] of search.entries()) {
    const line = lines.texts[at + j];
    if (line === undefined) return null;
    if (isBlank(text)) {
      if (!isBlank(line)) return null;
      continue;
    }
    const wanted = text.trimEnd();
    const actual = line.trimEnd();
    if (!actual.endsWith(wanted)) return null;
    const head = actual.slice(0, actual.length - wanted.length);
    if (head.trim() !== '' || (prefix !== null && head !== prefix)) return null;
    prefix = head;
  }
  return prefix;
}

function commonIndent(texts: readonly string[]): string {
  let common: string | null = null;
  for (const text of texts) {
    if (isBlank(text)) continue;
    const indent = leadingSpace(text);
    if (common === null) common = indent;
    else {
      let k = 0;
      while (k < common.length && k < indent.length && common[k] === indent[k]) k++;
      common = common.slice(0, k);
    }
  }
  return common ?? '';
}

interface MatchLevel {
  /** Equal for a file line and a search line whenever the level takes one for the other. */
  key: LineKey;
  /** For a level its keys do not settle: the prefix the match adds to the replacement, or null. */
  check?: typeof indentShift;
  sides: () => [string[], string[]];
}

/**
 * Where the search lines are in the file: exactly, else ignoring trailing spaces, else with
 * the whole block shifted by one indentation. A level that finds the text twice stops the
 * ladder (a looser level could only find more); the block then fails as ambiguous. The
 * file is indexed once per level (line-index.ts), so a block costs its own lines and the
 * places of its rarest line; the indentation level's candidates are checked one by one;
 * all of it within the answer's budget.
 */
export function matchSearch(
  lines: Lines,
  search: string[],
  replace: string[],
  budget: SearchBudget,
): SearchMatch {
  // No level changes how many lines a block has: one longer than the file is nowhere in it.
  if (search.length > lines.texts.length) return { kind: 'none' };
  const outdented = (): [string[], string[]] => {
    const indent = commonIndent([...search, ...replace]);
    const outdent = (texts: string[]) =>
      texts.map((text) => (isBlank(text) ? text : text.slice(indent.length)));
    return [outdent(search), outdent(replace)];
  };
  const levels: MatchLevel[] = [
    { key: 'exact', sides: () => [search, replace] },
    { key: 'trimEnd', sides: () => [search, replace] },
    { key: 'trim', check: indentShift, sides: outdented },
  ];
  // Indexed loops and no array destructuring: this runs once per block, before the
  // optimizing compiler, where each destructuring walks an array's iterator.
  for (let level = 0; level < levels.length; level++) {
    const { key, check, sides } = levels[level]!;
    const both = sides();
    const wanted = both[0];
    const replacement = both[1];
    let candidates: number[] | null;
    if (key === 'exact') candidates = findExact(lines, wanted, budget);
    else {
      const index = keyedLines(lines, key, budget);
      candidates = index && findIndexed(index, wanted.map(KEYS[key]), budget);
    }
    if (candidates === null) return { kind: 'too-many' };
    const found: { start: number; prefix: string }[] = [];
    for (const at of candidates) {
      if (!check) {
        found.push({ start: at, prefix: '' });
        continue;
      }
      if (!spend(budget, wanted.length)) return { kind: 'too-many' };
      const prefix = check(lines, at, wanted);
      if (prefix !== null) found.push({ start: at, prefix });
    }
    const only = found[0];
    const exact = level === 0;
    if (found.length > 1)
      return { kind: 'many', lines: found.map((match) => match.start + 1), exact };
    if (only) {
      const shifted = replacement.map((text) => (isBlank(text) ? text : only.prefix + text));
      return { kind: 'one', start: only.start, length: wanted.length, replace: shifted, exact };
    }
  }
  return { kind: 'none' };
}
