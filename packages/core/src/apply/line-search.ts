/**
 * Finding a block of lines in a file in time linear in both (decision 090): the block's
 * lines are numbered by their distinct keys, each file line becomes the number of its key
 * (or none), and Knuth–Morris–Pratt finds every start where the numbers follow one another.
 * A per-position comparison of the block costs file × block lines, which a block of repeated
 * lines (`}`, blank lines) in a large file turns into minutes.
 */

/**
 * The line steps (a file line read while searching, a candidate's line checked) all the
 * blocks of one answer may spend. Past it a block fails as too costly to find: its lines are
 * too common, or the answer sends too many blocks for files this large. A few tenths of a
 * second at most; blocks in files of 30 000 lines take over a hundred ordinary blocks.
 */
export const MAX_LINE_STEPS = 8_000_000;

/** Failed blocks of one answer that get a closest region (each costs a bounded search). */
const MAX_HINTS = 100;
/**
 * Lines of failed blocks, all together, that get a closest region: weighing and marking a
 * region costs about its length, so a hundred long blocks that each miss by a word would
 * otherwise take seconds. Ten blocks of 400 lines, or a hundred of 40.
 */
const MAX_HINT_LINES = 4_000;

/** What is left of an answer's MAX_LINE_STEPS, shared by its edits, and of its hints. */
export interface SearchBudget {
  left: number;
  hints: number;
  hintLines: number;
}

export const searchBudget = (): SearchBudget => ({
  left: MAX_LINE_STEPS,
  hints: MAX_HINTS,
  hintLines: MAX_HINT_LINES,
});

/**
 * Whether a failed block of `blockLines` lines may look for its closest region in a file of
 * `fileLines` lines (taking one hint and its lines from the answer's).
 */
export function mayHint(budget: SearchBudget, fileLines: number, blockLines: number): boolean {
  if (budget.hints <= 0 || blockLines > budget.hintLines) return false;
  budget.hints--;
  budget.hintLines -= blockLines;
  return spend(budget, fileLines);
}

/** Takes `steps` from the budget; false when it is spent. */
export function spend(budget: SearchBudget, steps: number): boolean {
  budget.left -= steps;
  return budget.left >= 0;
}

/** The line numbers an ambiguity message names (the count says how many there are). */
const NAMED_LINES = 5;

/** "3, 17, 40, 52, 90 …" for lines found in many places: the first few, then an ellipsis. */
export function someLines(lines: readonly number[]): string {
  const named = lines.slice(0, NAMED_LINES).join(', ');
  return lines.length > NAMED_LINES ? `${named}, …` : named;
}

/**
 * The pattern's lines as small numbers, equal texts equal numbers, so that lines are compared
 * as numbers while searching: `ids` maps a text to its number, `wanted` is the pattern in them.
 */
export function patternIds(pattern: readonly string[]): {
  ids: Map<string, number>;
  wanted: Int32Array;
} {
  const ids = new Map<string, number>();
  const wanted = new Int32Array(pattern.length);
  for (let j = 0; j < pattern.length; j++) {
    const text = pattern[j]!;
    let id = ids.get(text);
    if (id === undefined) ids.set(text, (id = ids.size));
    wanted[j] = id;
  }
  return { ids, wanted };
}

/**
 * Every index `at` where `pattern[j] === key(at + j)` for all j, in increasing order.
 * `key` is asked once per file line. An empty pattern matches at every index 0..count.
 * Null when the budget does not cover the search.
 */
export function findKeyed(
  count: number,
  key: (index: number) => string,
  pattern: readonly string[],
  budget: SearchBudget,
): number[] | null {
  const m = pattern.length;
  if (!spend(budget, count + m)) return null;
  if (m === 0) return Array.from({ length: count + 1 }, (_, at) => at);
  if (m > count) return [];
  const { ids, wanted } = patternIds(pattern);
  // A line whose text the pattern does not hold is -1, which no pattern line is.
  const lines = new Int32Array(count);
  for (let i = 0; i < count; i++) lines[i] = ids.get(key(i)) ?? -1;
  return knuthMorrisPratt(lines, wanted);
}

/** Every start in `ids` of the run `wanted`, in increasing order (Knuth–Morris–Pratt). */
export function knuthMorrisPratt(ids: Int32Array, wanted: Int32Array): number[] {
  const m = wanted.length;
  // The longest proper prefix of wanted[0..j] that is also its suffix, for each j.
  const border = new Int32Array(m);
  for (let j = 1, k = 0; j < m; j++) {
    while (k > 0 && wanted[j] !== wanted[k]) k = border[k - 1]!;
    if (wanted[j] === wanted[k]) k++;
    border[j] = k;
  }
  const found: number[] = [];
  for (let i = 0, k = 0; i < ids.length; i++) {
    const id = ids[i]!;
    while (k > 0 && id !== wanted[k]) k = border[k - 1]!;
    if (id === wanted[k]) k++;
    if (k === m) {
      found.push(i - m + 1);
      k = border[k - 1]!;
    }
  }
  return found;
}
