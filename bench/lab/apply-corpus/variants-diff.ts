// The commit's diff as models write it: clean, as GNU diff writes it, fenced in prose, as bare
// hunks under a stated name, and with the damage models do (line numbers, counts, context,
// trailing spaces, the "\ No newline" marker, CRLF).
import type { Case, Make, Rng } from './case';
import { gnuDiff, type Commit } from './commits';
import { cloneDiff, joinDiff, sideOf, splitDiff, type DiffFile } from './diff-text';
import { fencedDiff, INTRO, lines, namedFence, placesOf } from './naming';

const onlyModified = (commit: Commit) =>
  !commit.renamed &&
  [...commit.after.keys()].every((p) => commit.before.has(p) && commit.after.get(p) !== null);

/**
 * Hunks whose old side occurs once in the file, each in the file the hunks before it left
 * (and not over lines they wrote): a hunk read without its numbers is certain.
 */
function uniqueOldSides(commit: Commit, files: DiffFile[]): boolean {
  return files.every((file) => {
    if (file.oldPath === null) return true;
    const text = lines(commit.before.get(file.oldPath ?? '') ?? '');
    const written = text.map(() => false);
    return file.hunks.every((h) => {
      const old = sideOf(h, 'old');
      const places = placesOf(text, old).filter(
        (at) => !written.slice(at, at + old.length).includes(true),
      );
      if (places.length !== 1) return false;
      const now = sideOf(h, 'new');
      text.splice(places[0]!, old.length, ...now);
      written.splice(places[0]!, old.length, ...now.map(() => true));
      return true;
    });
  });
}

export function diffVariants(commit: Commit, rng: Rng, make: Make): Case[] {
  const cases: Case[] = [];
  const diff = commit.diff;
  const files = splitDiff(diff);
  cases.push(make('git-diff', diff));
  cases.push(make('gnu-diff', gnuDiff(commit)));
  cases.push(make('fenced-diff', fencedDiff(diff, rng)));
  if (!/\r/.test(diff))
    cases.push(make('crlf-answer', fencedDiff(diff, rng).replaceAll('\n', '\r\n')));
  if (commit.renamed) return cases;

  const shifted = cloneDiff(files);
  const by = (rng.int(2) === 0 ? -1 : 1) * (1 + rng.int(15));
  for (const h of shifted.flatMap((f) => f.hunks)) {
    h.oldStart = Math.max(1, h.oldStart + by);
    h.newStart = Math.max(1, h.newStart + by);
  }
  cases.push(make('wrong-line-numbers', fencedDiff(joinDiff(shifted), rng)));

  const counted = cloneDiff(files);
  for (const h of counted.flatMap((f) => f.hunks)) {
    h.oldCount = Math.max(0, h.oldCount + rng.int(5) - 2);
    h.newCount = Math.max(0, h.newCount + rng.int(5) - 2);
  }
  cases.push(make('wrong-counts', fencedDiff(joinDiff(counted), rng)));

  const unique = uniqueOldSides(commit, files);
  cases.push(make('no-line-numbers', fencedDiff(joinDiff(files, false), rng), { refuse: !unique }));

  const trimmed = diff.split('\n').map((l) => l.trimEnd());
  const bodyHadSpaces = diff
    .split('\n')
    .some((l) => l.length > 1 && l !== l.trimEnd() && /^[ +-]/.test(l));
  if (!bodyHadSpaces && trimmed.join('\n') !== diff)
    cases.push(make('trimmed-whitespace', fencedDiff(trimmed.join('\n'), rng)));

  const noMarker = diff.split('\n').filter((l) => !l.startsWith('\\ '));
  const sameEnding = [...commit.after].every(
    ([p, t]) =>
      t === null ||
      !commit.before.has(p) ||
      t.endsWith('\n') === commit.before.get(p)!.endsWith('\n'),
  );
  if (noMarker.length !== diff.split('\n').length && sameEnding && onlyModified(commit))
    cases.push(make('missing-no-newline', fencedDiff(noMarker.join('\n'), rng)));

  if (onlyModified(commit) && ![...commit.before.values()].some((t) => t.includes('\r'))) {
    const crlf = (t: string | null) => (t === null ? null : t.replaceAll('\n', '\r\n'));
    const expect = new Map([...commit.after].map(([p, t]) => [p, crlf(t)]));
    const c = make('crlf-files', fencedDiff(diff, rng), { expect });
    c.files = new Map([...c.files].map(([p, t]) => [p, crlf(t)!]));
    cases.push(c);
  }

  if (onlyModified(commit)) {
    let certain = true;
    const bare = files
      .map((f) => {
        const numbers = rng.int(3) !== 0;
        if (!numbers && !uniqueOldSides(commit, [f])) certain = false;
        const body = joinDiff([{ ...f, header: [] }], numbers);
        return namedFence(f.newPath!, body, rng, 'diff');
      })
      .join('\n');
    cases.push(
      make('bare-hunks-named', `${INTRO[rng.int(INTRO.length)]}\n\n${bare}`, { refuse: !certain }),
    );
    cases.push(...contextDamage(commit, files, rng, make));
  }
  return cases;
}

/** Context lines dropped, added (from the file) or made up, counts left as they were. */
function contextDamage(commit: Commit, files: DiffFile[], rng: Rng, make: Make): Case[] {
  const cases: Case[] = [];
  const dropped = cloneDiff(files);
  let changed = false;
  for (const h of dropped.flatMap((f) => f.hunks))
    if (h.lines[0]?.startsWith(' ') && h.lines[1]?.startsWith(' ')) {
      h.lines.shift();
      h.oldStart++;
      h.newStart++;
      changed = true;
    }
  if (changed && uniqueOldSides(commit, dropped))
    cases.push(make('missing-context', fencedDiff(joinDiff(dropped), rng)));

  const extra = cloneDiff(files);
  changed = false;
  for (const f of extra) {
    const text = lines(commit.before.get(f.oldPath!)!);
    for (const h of f.hunks)
      if (h.oldStart > 1 && h.lines[0]?.startsWith(' ') && text[h.oldStart - 2] !== undefined) {
        h.lines.unshift(` ${text[h.oldStart - 2]}`);
        changed = true;
      }
  }
  if (changed) cases.push(make('extra-context', fencedDiff(joinDiff(extra), rng)));

  const madeUp = cloneDiff(files);
  const hunk = madeUp[0]?.hunks[0];
  const at = hunk?.lines.findIndex((l) => l.startsWith(' ') && l.trim().length > 3) ?? -1;
  if (hunk && at >= 0) {
    hunk.lines[at] = `${hunk.lines[at]} // made up`;
    cases.push(make('made-up-context', fencedDiff(joinDiff(madeUp), rng), { refuse: true }));
  }
  return cases;
}
