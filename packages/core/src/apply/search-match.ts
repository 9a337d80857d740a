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
    const exact = level === 0;
    // Places its keys settle are the matches: named, not checked (each paid for once, so a
    // block found at every line of a large file is not listed again and again for free).
    if (!check && candidates.length > 1) {
      if (!spend(budget, candidates.length)) return { kind: 'too-many' };
      return { kind: 'many', lines: candidates.map((at) => at + 1), exact };
    }
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
    if (found.length > 1)
      return { kind: 'many', lines: found.map((match) => match.start + 1), exact };
    if (only) {
      const shifted = check
        ? inFileStyle(replacement, only.prefix, commonIndent([...search, ...replace]), wanted)
        : replacement;
      if (!shifted) break;
      return { kind: 'one', start: only.start, length: wanted.length, replace: shifted, exact };
    }
  }
  return matchTabsForSpaces(lines, search, replace, budget);
}

/**
 * The outdented replacement behind the file's indentation `prefix`. A line indented further
 * in the other style (spaces behind the file's tabs: the block's tabs were written as spaces)
 * is indented in the file's, at the tab width the block's common indentation and the
 * prefix make (8 spaces for 2 tabs: 4); null where none does or the width falls between tabs.
 * A line indented as a line of the outdented `search` is (the space of a comment's ` * ` behind
 * the file's tabs): the search line is in the file behind the prefix, so this one goes there.
 */
function inFileStyle(
  replacement: string[],
  prefix: string,
  common: string,
  search: readonly string[],
): string[] | null {
  const tabbed = prefix.includes('\t');
  const spaced = prefix.includes(' ');
  if (tabbed === spaced) return replacement.map((text) => (isBlank(text) ? text : prefix + text));
  let tab: number | null = null;
  if (tabbed && common !== '' && !common.includes('\t') && common.length % prefix.length === 0)
    tab = common.length / prefix.length;
  if (spaced && common !== '' && !common.includes(' ') && prefix.length % common.length === 0)
    tab = prefix.length / common.length;
  const searched = new Set(search.filter((text) => !isBlank(text)).map(leadingSpace));
  const out: string[] = [];
  for (const text of replacement) {
    const own = leadingSpace(text);
    if (isBlank(text) || !own.includes(tabbed ? ' ' : '\t') || searched.has(own)) {
      out.push(isBlank(text) ? text : prefix + text);
      continue;
    }
    if (tab === null || tab < 2 || tab > 8 || /[^ \t]/.test(own)) return null;
    const tabs = own.split('\t').length - 1;
    const width = tabs * tab + own.length - tabs;
    if (tabbed && width % tab !== 0) return null;
    const indent = tabbed ? '\t'.repeat(width / tab) : ' '.repeat(width);
    out.push(prefix + indent + text.slice(own.length));
  }
  return out;
}

/** Tabs and spaces at the start of a line, and the width they make with tabs of `tab`. */
function indentOf(text: string) {
  const indent = leadingSpace(text);
  let tabs = 0;
  for (const char of indent) if (char === '\t') tabs++;
  return { tabs, spaces: indent.length - tabs, pure: !/[^ \t]/.test(indent) };
}

/**
 * The last level: the search text's indentation written with spaces where the file has tabs
 * (or tabs where it has spaces), as models rewrite it. At a place whose lines equal the
 * search lines but for their indentation, one tab width (2 to 8) must make every line's
 * indentation as wide as the file's; the file's lines there that the block indents
 * otherwise must all be indented with tabs alone or spaces alone, and the replacement is
 * written in that style at that width (a line whose width tabs cannot make refuses the
 * place); a line indented as search lines are takes theirs in the file where they all
 * have one. Found twice, the block is ambiguous.
 */
function matchTabsForSpaces(
  lines: Lines,
  search: string[],
  replace: string[],
  budget: SearchBudget,
): SearchMatch {
  const texts = search.filter((text) => !isBlank(text));
  const wanted = texts.map(indentOf);
  if (wanted.length === 0 || wanted.some((indent) => !indent.pure)) return { kind: 'none' };
  const index = keyedLines(lines, 'trim', budget);
  const candidates = index && findIndexed(index, search.map(KEYS.trim), budget);
  if (candidates === null) return { kind: 'too-many' };
  const found: { start: number; replace: string[] }[] = [];
  for (const at of candidates) {
    if (!spend(budget, search.length)) return { kind: 'too-many' };
    const written = tabWidthAt(lines, at, search, replace);
    if (written) found.push({ start: at, replace: written });
  }
  if (found.length > 1)
    return { kind: 'many', lines: found.map((match) => match.start + 1), exact: false };
  const only = found[0];
  if (!only) return { kind: 'none' };
  return {
    kind: 'one',
    start: only.start,
    length: search.length,
    replace: only.replace,
    exact: false,
  };
}

/** The replacement written with the file's tabs or spaces at `at`, or null. */
function tabWidthAt(lines: Lines, at: number, search: string[], replace: string[]) {
  let tab: number | null = null;
  let style: 'tabs' | 'spaces' | null = null;
  // Each indentation of the block's, as the file has it there (null: more than one way).
  const asFile = new Map<string, string | null>();
  for (const [j, text] of search.entries()) {
    if (isBlank(text)) continue;
    const line = lines.texts[at + j]!;
    if (line.trimEnd().slice(leadingSpace(line).length) !== text.trim()) return null;
    const had = asFile.get(leadingSpace(text));
    asFile.set(
      leadingSpace(text),
      had === undefined || had === leadingSpace(line) ? leadingSpace(line) : null,
    );
    // A line indented as the file has it says nothing of tabs (a file may mix them).
    if (leadingSpace(line) === leadingSpace(text)) continue;
    const file = indentOf(line);
    const block = indentOf(text);
    if (file.tabs > 0 && file.spaces > 0) return null;
    const lineStyle = file.tabs > 0 ? 'tabs' : file.spaces > 0 ? 'spaces' : null;
    if (lineStyle) {
      if (style && style !== lineStyle) return null;
      style = lineStyle;
    }
    // file.tabs * tab + file.spaces === block.tabs * tab + block.spaces
    const tabs = file.tabs - block.tabs;
    const spaces = block.spaces - file.spaces;
    if (tabs === 0) {
      if (spaces !== 0) return null;
      continue;
    }
    if (spaces % tabs !== 0) return null;
    const width = spaces / tabs;
    if (width < 2 || width > 8 || (tab !== null && tab !== width)) return null;
    tab = width;
  }
  if (tab === null || style === null) return null;
  const out: string[] = [];
  for (const text of replace) {
    if (isBlank(text)) {
      out.push(text);
      continue;
    }
    const known = asFile.get(leadingSpace(text));
    if (known !== undefined && known !== null) {
      out.push(known + text.slice(leadingSpace(text).length));
      continue;
    }
    const block = indentOf(text);
    if (!block.pure) return null;
    const width = block.tabs * tab + block.spaces;
    if (style === 'tabs' && width % tab !== 0) return null;
    const indent = style === 'tabs' ? '\t'.repeat(width / tab) : ' '.repeat(width);
    out.push(indent + text.slice(block.tabs + block.spaces));
  }
  return out;
}
