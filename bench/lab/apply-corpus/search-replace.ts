// Search/replace blocks as models write them, and the file a run of them leaves.
import type { Rng } from './case';
import type { Commit } from './commits';
import { sideOf, splitDiff, type DiffHunk } from './diff-text';
import { lines, namedFence, placesOf } from './naming';

export const block = (search: string[], replace: string[]) =>
  ['<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE'].join('\n');

/** Consecutive lines `search` of `file` replaced by `replace` where they first occur. */
export function replaceOnce(file: string[], search: string[], replace: string[]): string[] {
  for (let at = 0; at + search.length <= file.length; at++)
    if (search.every((line, k) => file[at + k] === line))
      return [...file.slice(0, at), ...replace, ...file.slice(at + search.length)];
  return file;
}

const trimmed = (text: string[]) => text.map((line) => line.trim());

/**
 * Whether `damaged`, a search as damage wrote it, is found as written in `now` at a place
 * that does not hold `search` where it is meant (a block shifted by two spaces that equals
 * the same lines nested deeper elsewhere): the damage wrote another edit, not a damaged one.
 */
export function foundElsewhere(now: string[], search: string[], damaged: string[]): boolean {
  const meant = placesOf(now, search);
  return placesOf(now, damaged).some(
    (at) => !meant.some((m) => at <= m && m + search.length <= at + damaged.length),
  );
}

/**
 * The commit's hunks as search/replace blocks, one named fence a file; `write` makes each
 * hunk's block from its two sides and the file as the blocks before it left it. `certain` where each search, its lines trimmed, is found
 * once in the file as the blocks before it left it: elsewhere a refusal is as right.
 */
export function blocksByFile(
  commit: Commit,
  rng: Rng,
  write: (search: string[], replace: string[], hunk: DiffHunk, now: string[]) => string,
): { parts: string[]; certain: boolean } {
  let certain = true;
  const parts = splitDiff(commit.diff).map((f) => {
    const path = f.newPath!;
    let now = lines(commit.before.get(path)!);
    const blocks = f.hunks.map((h) => {
      const [search, replace] = [sideOf(h, 'old'), sideOf(h, 'new')];
      if (placesOf(trimmed(now), trimmed(search)).length !== 1) certain = false;
      const written = write(search, replace, h, now);
      now = replaceOnce(now, search, replace);
      return written;
    });
    return namedFence(path, `${blocks.join('\n\n')}\n`, rng);
  });
  return { parts, certain };
}
