// The commit as search/replace blocks (one per hunk, with and without context) and as whole
// files, whole or with an elided body.
import type { Case, Make, Rng } from './case';
import { fenceFor } from './case';
import type { Commit } from './commits';
import { sideOf, splitDiff, type DiffHunk } from './diff-text';
import { elisionLine, INTRO, languageOf, lines, namedFence, placesOf } from './naming';
import { block, replaceOnce } from './search-replace';

/**
 * The changed lines of a hunk; a pure insertion keeps one line of context before it, or
 * after it at the file's start (an empty search text would mean a new file).
 */
function trimContext(h: DiffHunk): DiffHunk {
  const first = h.lines.findIndex((l) => l[0] === '-' || l[0] === '+');
  let last = h.lines.length - 1;
  while (last > 0 && !(h.lines[last]![0] === '-' || h.lines[last]![0] === '+')) last--;
  const hasRemoval = h.lines.some((l) => l[0] === '-');
  const from = hasRemoval ? first : Math.max(0, first - 1);
  const after = !hasRemoval && from === first && h.lines[last + 1]?.[0] === ' ' ? 1 : 0;
  return { ...h, lines: h.lines.slice(from, last + 1 + after) };
}

export function blockVariants(commit: Commit, rng: Rng, make: Make): Case[] {
  if (commit.renamed || [...commit.after.values()].some((t) => t === null)) return [];
  const files = splitDiff(commit.diff);
  if (files.some((f) => f.newPath === null)) return [];
  // A search/replace block cannot say that a new file has no final newline.
  if ([...commit.after].some(([p, t]) => !commit.before.has(p) && !t!.endsWith('\n'))) return [];
  // Nor that a file gains or loses its final newline (a whole file keeps the file's, by design).
  const finalNewline = (text: string) => text === '' || text.endsWith('\n');
  if (
    [...commit.after].some(
      ([p, t]) => commit.before.has(p) && finalNewline(t!) !== finalNewline(commit.before.get(p)!),
    )
  )
    return [];
  const cases: Case[] = [];
  for (const minimal of [false, true]) {
    let certain = true;
    const parts: string[] = [];
    for (const f of files) {
      const path = f.newPath!;
      // Blocks apply in turn: each is found (once) in the file the blocks before it left.
      let now = lines(commit.before.get(path) ?? '');
      const blocks = f.hunks.map((h) => {
        const hunk = minimal ? trimContext(h) : h;
        const search = commit.before.has(path) ? sideOf(hunk, 'old') : [];
        const replace = sideOf(hunk, 'new');
        if (search.length === 0 && now.length > 0) certain = false;
        if (search.length > 0 && placesOf(now, search).length !== 1) certain = false;
        if (certain) now = replaceOnce(now, search, replace);
        return block(search, replace);
      });
      parts.push(namedFence(path, `${blocks.join('\n\n')}\n`, rng));
    }
    // A block whose text occurs twice (or in another's result) must be refused: only the
    // line numbers it left out could say which one is meant.
    const variant = minimal ? 'search-replace-minimal' : 'search-replace';
    cases.push(
      make(variant, `${INTRO[rng.int(INTRO.length)]}\n\n${parts.join('\n')}`, { refuse: !certain }),
    );
  }
  cases.push(...wholeFiles(commit, rng, make));
  return cases;
}

function wholeFiles(commit: Commit, rng: Rng, make: Make): Case[] {
  const cases: Case[] = [];
  const whole = (elide: boolean) =>
    [...commit.after].map(([path, text]) => {
      let body = text!;
      if (elide) {
        const all = lines(body);
        const at = Math.floor(all.length / 2);
        if (all.length >= 12) all.splice(at - 3, 6, elisionLine(path));
        body = `${all.join('\n')}\n`;
      }
      const info = languageOf(path);
      if (rng.int(3) === 0 && info !== '') {
        const fence = fenceFor(body);
        return `${fence}${info} ${path}\n${body}${fence}\n`;
      }
      return namedFence(path, body, rng);
    });
  const allEndWithNewline = [...commit.after.values()].every((t) => t!.endsWith('\n'));
  if (allEndWithNewline)
    cases.push(make('whole-file', `${INTRO[rng.int(INTRO.length)]}\n\n${whole(false).join('\n')}`));
  const canElide = [...commit.after].some(
    ([p, t]) => lines(t!).length >= 12 && !commit.before.get(p)?.includes('... existing code ...'),
  );
  if (canElide && allEndWithNewline)
    cases.push(
      make('elided-whole-file', `${INTRO[0]}\n\n${whole(true).join('\n')}`, { refuse: true }),
    );
  return cases;
}
