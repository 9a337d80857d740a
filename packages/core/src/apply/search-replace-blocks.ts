import { pathFromLine, type KnownPath } from './path-hints';

/** Aider's markers, with the 5 to 9 marker characters models sometimes produce. */
const SEARCH_HEAD = /^\s*<{5,9} SEARCH>?\s*$/;
const DIVIDER = /^\s*={5,9}\s*$/;
const REPLACE_TAIL = /^\s*>{5,9} REPLACE\s*$/;

// Every line of an answer is tested for the markers: a marker holds its five characters,
// which a substring search rules out before the expression runs.
export const isSearchHead = (line: string) => line.includes('<<<<<') && SEARCH_HEAD.test(line);
const isDivider = (line: string) => line.includes('=====') && DIVIDER.test(line);
const isReplaceTail = (line: string) => line.includes('>>>>>') && REPLACE_TAIL.test(line);

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
 * asks some models to fence code with instead (`<source>python`, `<code>`, `<pre>`).
 */
const isFenceLine = (line: string) =>
  /^ {0,3}(?:`{3,}|~{3,})[\w+#-]*\s*$/.test(line) ||
  /^\s*<(?:source|code|pre|codeblock|sourcecode)>[\w+#-]*\s*$/.test(line);

/**
 * The path named on the nearest non-blank line above `at` (not before `from`), or null. A
 * fence line or two between the name and the block are looked past, as other tools do
 * (`src/a.ts`, then a fence, then the block).
 */
export function pathAbove(
  lines: readonly string[],
  at: number,
  from: number,
  known?: KnownPath,
): string | null {
  let above = at - 1;
  for (let fences = 0; above >= from; above--) {
    const line = lines[above] ?? '';
    if (line.trim() === '') continue;
    if (fences < 2 && line.length < 40 && isFenceLine(line)) {
      fences++;
      continue;
    }
    return pathFromLine(line, known);
  }
  return null;
}

/** Reads the block whose SEARCH marker is at `at`; `next` is the line after it. */
export function readSearchReplaceBlock(
  lines: readonly string[],
  at: number,
  to: number,
): {
  search: string;
  replace: string;
  searchLines: string[];
  replaceLines: string[];
  complete: boolean;
  next: number;
} {
  // The sides are found first and copied with one native slice each, not a push per line.
  let i = at + 1;
  while (i < to && !isDivider(lines[i] ?? '')) i++;
  const search = lines.slice(at + 1, i);
  let complete = i < to;
  i++;
  const from = i;
  // A second divider also ends the block (models sometimes write ======= twice).
  while (i < to && !isReplaceTail(lines[i] ?? '') && !isDivider(lines[i] ?? '')) i++;
  const replace = i > from ? lines.slice(from, i) : [];
  complete &&= i < to;
  return {
    search: joinBlock(search),
    replace: joinBlock(replace),
    searchLines: search,
    replaceLines: replace,
    complete,
    next: i + 1,
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
    current = pathAbove(lines, i, from, known) ?? current;
    const block = readSearchReplaceBlock(lines, i, to);
    blocks.push({ start: i, path: current, ...block });
    i = block.next;
  }
  return blocks;
}

export const hasSearchReplace = (lines: readonly string[]) => lines.some(isSearchHead);
