import { pathFromLine, type KnownPath } from './path-hints';

/**
 * Aider's markers, with the 5 to 9 marker characters models sometimes produce, and Cline's
 * (`------- SEARCH`, `+++++++ REPLACE`, the same divider). Roo Code's tool calls may wrap
 * their blocks in one XML CDATA section, whose `<![CDATA[` and `]]>` can sit on the first
 * SEARCH and the last REPLACE marker's lines: the wrapper is not text of either side.
 */
const SEARCH_HEAD = /^\s*(?:<!\[CDATA\[)?(?:<{5,9}|-{5,9}) SEARCH>?\s*$/;
const DIVIDER = /^\s*={5,9}\s*$/;
const REPLACE_TAIL = /^\s*(?:>{5,9}|\+{5,9}) REPLACE>?(?:\]\]>(?:<\/\w+>)*)?\s*$/;

// Every line of an answer is tested for the markers: a marker holds its five characters,
// which a substring search rules out before the expression runs.
export const isSearchHead = (line: string) =>
  (line.includes('<<<<<') || line.includes('----- SEARCH')) && SEARCH_HEAD.test(line);
const isDivider = (line: string) => line.includes('=====') && DIVIDER.test(line);
const isReplaceTail = (line: string) =>
  (line.includes('>>>>>') || line.includes('+++++ REPLACE')) && REPLACE_TAIL.test(line);

export interface RawSearchReplace {
  /** Index in `lines` of the SEARCH marker. */
  start: number;
  path: string | null;
  search: string;
  replace: string;
  /** The lines of each side (a side's text is their join). */
  searchLines: string[];
  replaceLines: string[];
  /** False: the block has no divider or no REPLACE marker (the answer was cut). */
  complete: boolean;
  /** More than one line could be its divider: which one is not certain. */
  ambiguous: boolean;
}

/**
 * The lines as one text, each with its newline. Joined with an empty last line rather than
 * followed by `'\n'`: that concatenation is flattened again (copied) by every read of it.
 */
function joinBlock(lines: string[]): string {
  if (lines.length === 0) return '';
  lines.push('');
  const text = lines.join('\n');
  lines.pop();
  return text;
}

/**
 * A line that only opens or closes a fence (``` or ```lang), or opens one of the tags Aider
 * asks some models to fence code with instead (`<source>python`, `<code>`, `<pre>`), or the
 * `<diff>` of Cline's and Roo Code's tool calls.
 */
const isFenceLine = (line: string) =>
  /^ {0,3}(?:`{3,}|~{3,})[\w+#-]*\s*$/.test(line) ||
  /^\s*<(?:source|code|pre|codeblock|sourcecode|diff)>[\w+#-]*\s*$/.test(line);

/**
 * A line that opens the CDATA section Roo Code's tool calls may wrap their blocks in
 * (`<![CDATA[`, `<diff><![CDATA[`, `<content><![CDATA[`): looked past like a fence.
 */
const isCdataOpen = (line: string) => /^\s*(?:<\w+>\s*)*<!\[CDATA\[\s*$/.test(line);

/**
 * The path named on the nearest non-blank line above `at` (not before `from`), or null. A
 * fence line or two between the name and the block are looked past, as other tools do
 * (`src/a.ts`, then a fence, then the block). `spaced`: the line names the file of a
 * search/replace block, whose path may have spaces undelimited.
 */
export function pathAbove(
  lines: readonly string[],
  at: number,
  from: number,
  known?: KnownPath,
  spaced = false,
): string | null {
  let above = at - 1;
  let cdata = false;
  for (let fences = 0; above >= from; above--) {
    const line = lines[above] ?? '';
    if (line.trim() === '') continue;
    if (fences < 2 && line.length < 40 && isFenceLine(line)) {
      fences++;
      continue;
    }
    if (!cdata && line.length < 40 && isCdataOpen(line)) {
      cdata = true;
      continue;
    }
    return pathFromLine(line, known, spaced);
  }
  return null;
}

const LINE_HINT = /^\s*:(?:start|end)_line:\s*\d+\s*$/;
const MAY_BE_MARKER = /^\s*(?:<{5}|={5}|>{5}|-{5}|\+{5}|<!\[CDATA\[)/;

/** The divider as Aider writes it; other lengths are what models sometimes produce. */
const isExactDivider = (line: string) => line.trim() === '=======';

/**
 * Reads the block whose SEARCH marker is at `at`; `next` is the line after it. The block runs
 * to its REPLACE marker; a SEARCH marker before that one means it was never closed. Its
 * divider is its one line of 5 to 9 `=`. Where it holds several (a Markdown or reST heading
 * underlined with `=`, a divider written twice), the one of exactly seven is the divider if
 * it is the only such line, and a divider written again just before the REPLACE marker is
 * dropped; otherwise which line divides is not certain: `ambiguous`, never guessed. A block
 * with no REPLACE marker whose second divider closes it instead (models sometimes write
 * `=======` twice) ends there when nothing but blank lines or the next block follows.
 */
export function readSearchReplaceBlock(
  lines: readonly string[],
  at: number,
  to: number,
): Omit<RawSearchReplace, 'start' | 'path'> & { next: number } {
  let end = at + 1;
  let first = -1;
  let dividers: number[] | null = null;
  for (; end < to; end++) {
    const line = lines[end] ?? '';
    // One test rules out the lines that hold no marker (nearly all) before the three do.
    if (!MAY_BE_MARKER.test(line)) continue;
    if (isReplaceTail(line) || isSearchHead(line)) break;
    if (!isDivider(line)) continue;
    if (first === -1) first = end;
    else (dividers ??= [first]).push(end);
  }
  const tail = end < to && isReplaceTail(lines[end] ?? '');
  const blankFrom = (from: number) => lines.slice(from, end).every((text) => text.trim() === '');
  let closed = tail;
  let divider = first;
  let replaceEnd = end;
  let next = tail ? end + 1 : end;
  let ambiguous = false;
  if (dividers) {
    const last = dividers.at(-1)!;
    if (!tail && dividers.length === 2 && (end < to || blankFrom(last + 1))) {
      dividers.pop();
      closed = true;
      replaceEnd = last;
      next = last + 1;
    } else if (tail && blankFrom(last + 1)) {
      dividers.pop();
      replaceEnd = last;
    }
    if (dividers.length > 1) {
      const exact = dividers.filter((k) => isExactDivider(lines[k] ?? ''));
      if (exact.length === 1) divider = exact[0]!;
      else ambiguous = true;
    }
  }
  // Roo Code's blocks name their line under the SEARCH marker (`:start_line:12`, then a
  // line of `-`): a hint, not text to find.
  const searchEnd = divider === -1 ? end : divider;
  let searchFrom = at + 1;
  while (searchFrom < searchEnd && LINE_HINT.test(lines[searchFrom] ?? '')) searchFrom++;
  if (searchFrom > at + 1 && searchFrom < searchEnd && /^\s*-{3,}\s*$/.test(lines[searchFrom]!))
    searchFrom++;
  // The sides are copied with one native slice each, not a push per line.
  const search = lines.slice(searchFrom, searchEnd);
  const replace = divider === -1 ? [] : lines.slice(divider + 1, replaceEnd);
  return {
    search: joinBlock(search),
    replace: joinBlock(replace),
    searchLines: search,
    replaceLines: replace,
    complete: closed && divider !== -1,
    ambiguous,
    next,
  };
}

/**
 * Reads the search/replace blocks among `lines[from..to)`. A block's path is the path on
 * the nearest non-blank line above its SEARCH marker, else the previous block's path, else
 * `defaultPath`.
 */
export function readSearchReplaceBlocks(
  lines: readonly string[],
  from: number,
  to: number,
  defaultPath: string | null,
  known?: KnownPath,
): RawSearchReplace[] {
  const blocks: RawSearchReplace[] = [];
  let current = defaultPath;
  let i = from;
  while (i < to) {
    if (!isSearchHead(lines[i] ?? '')) {
      i++;
      continue;
    }
    current = pathAbove(lines, i, from, known, true) ?? current;
    const block = readSearchReplaceBlock(lines, i, to);
    blocks.push({ start: i, path: current, ...block });
    i = block.next;
  }
  return blocks;
}

export const hasSearchReplace = (lines: readonly string[]) => lines.some(isSearchHead);
