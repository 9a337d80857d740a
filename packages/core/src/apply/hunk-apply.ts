import type { Line } from './text';
import type { Hunk, HunkLine } from './types';

export type HunkResult =
  | { ok: true; lines: Line[]; patched: boolean[] }
  | { ok: false; ambiguous: number[] | null; expected: number };

/** A file line matches a hunk line when the text is the same and both end a line, or both do not. */
const same = (line: Line | undefined, wanted: HunkLine) =>
  line !== undefined && line.text === wanted.text && (line.eol === '') === wanted.noNewline;

/**
 * Applies one hunk the way `git apply` does (apply.c, apply_one_fragment/find_pos): the
 * preimage (context and removed lines) must match exactly; the search starts at the line
 * the header names in the new file and alternates after, before, after… (offsets allowed);
 * a hunk starting at line 0 or 1 must match at the beginning and one without trailing
 * context at the end; lines an earlier hunk produced are never matched again. There is no
 * fuzz (git reduces context only when asked with -C). Line endings are not compared, so a
 * CRLF file takes a diff written with LF; a hunk without numbers (`@@ @@`, which git
 * refuses) must match in exactly one place.
 */
export function applyHunk(
  lines: readonly Line[],
  patched: readonly boolean[],
  hunk: Hunk,
  eol: '\n' | '\r\n',
): HunkResult {
  const pre = hunk.lines.filter((line) => line.op !== '+');
  let trailing = 0;
  for (let k = hunk.lines.length - 1; k >= 0 && hunk.lines[k]?.op === ' '; k--) trailing++;
  const matchBeginning = hunk.oldStart !== null && hunk.oldStart <= 1;
  const matchEnd = hunk.oldStart !== null && trailing === 0;

  const fits = (at: number) => {
    if (at + pre.length > lines.length) return false;
    if (matchBeginning && at !== 0) return false;
    if (matchEnd && at + pre.length !== lines.length) return false;
    for (let j = 0; j < pre.length; j++) {
      if (patched[at + j]) return false;
      if (!same(lines[at + j], pre[j] as HunkLine)) return false;
    }
    return true;
  };

  let at: number | null = null;
  const expected = hunk.newStart ? hunk.newStart - 1 : 0;
  if (hunk.oldStart === null) {
    const found: number[] = [];
    for (let k = 0; k + pre.length <= lines.length; k++) if (fits(k)) found.push(k);
    if (found.length !== 1)
      return {
        ok: false,
        ambiguous: found.length > 1 ? found.map((k) => k + 1) : null,
        expected: 0,
      };
    at = found[0] ?? null;
  } else {
    let start = matchBeginning ? 0 : matchEnd ? lines.length - pre.length : expected;
    if (start < 0 || start > lines.length) start = lines.length;
    let forwards = start;
    let backwards = start;
    let current = start;
    for (let step = 0; ; step++) {
      if (fits(current)) {
        at = current;
        break;
      }
      if (backwards === 0 && forwards === lines.length) break;
      // Alternate: one line further down, then one further up (skipping an exhausted side).
      const down = step % 2 === 0 ? forwards < lines.length : backwards === 0;
      if (down) current = ++forwards;
      else current = --backwards;
    }
  }
  if (at === null) return { ok: false, ambiguous: null, expected: expected + 1 };

  const replaced: Line[] = [];
  let fileLine = at;
  for (const line of hunk.lines) {
    if (line.op === '-') {
      fileLine++;
      continue;
    }
    const ending: Line['eol'] = line.noNewline
      ? ''
      : line.op === ' '
        ? lines[fileLine]?.eol || eol
        : eol;
    replaced.push({ text: line.text, eol: ending });
    if (line.op === ' ') fileLine++;
  }
  const end = at + pre.length;
  return {
    ok: true,
    lines: lines.slice(0, at).concat(replaced, lines.slice(end)),
    patched: patched
      .slice(0, at)
      .concat(new Array<boolean>(replaced.length).fill(true), patched.slice(end)),
  };
}
