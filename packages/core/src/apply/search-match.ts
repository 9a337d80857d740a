import type { Line } from './text';

export type SearchMatch =
  | { kind: 'one'; start: number; length: number; replace: string[] }
  | { kind: 'none' }
  | { kind: 'many'; lines: number[] };

type Level = (lines: readonly Line[], at: number, search: readonly string[]) => string | null;

const isBlank = (text: string) => text.trim() === '';
const leadingSpace = (text: string) => /^\s*/.exec(text)?.[0] ?? '';

// The levels are tried at every line of the file, so they are plain loops that stop at the
// first differing line: no closure per position, no trimmed copy of a line that cannot match.

/** Level 1: the lines as written. Returns the indentation to add to the replacement ('' here). */
const exact: Level = (lines, at, search) => {
  for (let j = 0; j < search.length; j++) if (lines[at + j]?.text !== search[j]) return null;
  return '';
};

/** Level 2: spaces at the ends of lines do not count. */
const trailingSpace: Level = (lines, at, search) => {
  for (let j = 0; j < search.length; j++) {
    const line = lines[at + j]?.text;
    const text = search[j]!;
    if (line !== text && line?.trimEnd() !== text.trimEnd()) return null;
  }
  return '';
};

/**
 * Level 3: every non-blank line of the file holds the search line (stripped of the block's
 * common indentation) behind one and the same prefix of white space.
 */
const indentShift: Level = (lines, at, search) => {
  let prefix: string | null = null;
  for (const [j, text] of search.entries()) {
    const line = lines[at + j]?.text;
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
};

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

/**
 * Where the search lines are in the file: exactly, else ignoring trailing spaces, else with
 * the whole block shifted by one indentation. A level that finds the text twice stops the
 * ladder (a looser level could only find more); the block then fails as ambiguous.
 */
export function matchSearch(
  lines: readonly Line[],
  search: string[],
  replace: string[],
): SearchMatch {
  const outdented = (): [string[], string[]] => {
    const indent = commonIndent([...search, ...replace]);
    const outdent = (texts: string[]) =>
      texts.map((text) => (isBlank(text) ? text : text.slice(indent.length)));
    return [outdent(search), outdent(replace)];
  };
  const levels: [Level, () => [string[], string[]]][] = [
    [exact, () => [search, replace]],
    [trailingSpace, () => [search, replace]],
    [indentShift, outdented],
  ];
  for (const [level, sides] of levels) {
    const [wanted, replacement] = sides();
    const found: { start: number; prefix: string }[] = [];
    for (let at = 0; at + wanted.length <= lines.length; at++) {
      const prefix = level(lines, at, wanted);
      if (prefix !== null) found.push({ start: at, prefix });
    }
    const [only] = found;
    if (found.length > 1) return { kind: 'many', lines: found.map((match) => match.start + 1) };
    if (only) {
      const shifted = replacement.map((text) => (isBlank(text) ? text : only.prefix + text));
      return { kind: 'one', start: only.start, length: wanted.length, replace: shifted };
    }
  }
  return { kind: 'none' };
}
