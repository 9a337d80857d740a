// A search text's blank edge lines, which models add and the file may not have.
import { matchSearch, type SearchMatch } from './search-match';
import type { SearchBudget } from './line-search';
import type { Lines } from './text';

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
export function matchWithoutBlankEdges(
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
