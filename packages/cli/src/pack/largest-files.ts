/** The files with the most tokens, for the pack summary. */
export interface FileTokens {
  path: string;
  tokens: number;
}

const LARGEST_SHOWN = 5;

const byTokensThenPath = (a: FileTokens, b: FileTokens) =>
  b.tokens - a.tokens || a.path.localeCompare(b.path);

/**
 * The files with the most tokens, largest first, ties by path: the cut-off count is found by
 * numbers alone, then only the files at or above it are sorted. Paths are compared (with
 * `localeCompare`, whose first call loads ICU's collator, ~5–9 ms of a warm pack) only when
 * two of those counts tie.
 */
export function largestFiles(tokens: ReadonlyMap<string, number>): FileTokens[] {
  const top: number[] = [];
  for (const count of tokens.values()) {
    if (top.length === LARGEST_SHOWN && count <= top[LARGEST_SHOWN - 1]!) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]! < count) at--;
    top.splice(at, 0, count);
    if (top.length > LARGEST_SHOWN) top.pop();
  }
  const cutOff = top.at(-1) ?? 0;
  const kept: FileTokens[] = [];
  for (const [path, count] of tokens) if (count >= cutOff) kept.push({ path, tokens: count });
  return kept.sort(byTokensThenPath).slice(0, LARGEST_SHOWN);
}
