import { findKeyed } from './line-search';
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

  // Where the preimage's texts follow one another (linear in file and hunk); each such
  // place is then checked in constant time: not over a line an earlier hunk produced (a
  // running count of them), and the final newline as the hunk says.
  const producedBefore = new Int32Array(lines.length + 1);
  for (let k = 0; k < lines.length; k++)
    producedBefore[k + 1] = producedBefore[k]! + (patched[k] ? 1 : 0);
  const unterminated: number[] = [];
  for (let k = 0; k < lines.length; k++) if (lines[k]!.eol === '') unterminated.push(k);
  const markedNoNewline: number[] = [];
  for (let j = 0; j < pre.length; j++) if (pre[j]!.noNewline) markedNoNewline.push(j);
  const fits = (at: number) => {
    if (at + pre.length > lines.length) return false;
    if (matchBeginning && at !== 0) return false;
    if (matchEnd && at + pre.length !== lines.length) return false;
    if (producedBefore[at + pre.length] !== producedBefore[at]) return false;
    for (const j of markedNoNewline) if (!same(lines[at + j], pre[j]!)) return false;
    for (const k of unterminated)
      if (k >= at && k < at + pre.length && !same(lines[k], pre[k - at]!)) return false;
    return true;
  };
  const candidates = findKeyed(
    lines.length,
    (k) => lines[k]!.text,
    pre.map((line) => line.text),
  ).filter(fits);

  let at: number | null = null;
  const expected = hunk.newStart ? hunk.newStart - 1 : 0;
  if (hunk.oldStart === null) {
    if (candidates.length !== 1)
      return {
        ok: false,
        ambiguous: candidates.length > 1 ? candidates.map((k) => k + 1) : null,
        expected: 0,
      };
    at = candidates[0] ?? null;
  } else {
    let start = matchBeginning ? 0 : matchEnd ? lines.length - pre.length : expected;
    if (start < 0 || start > lines.length) start = lines.length;
    // git tries the start, then one line further down, one further up, two down…: the
    // first place in that order wins.
    const order = (k: number) => (k >= start ? 2 * (k - start) : 2 * (start - k) - 1);
    for (const k of candidates) if (at === null || order(k) < order(at)) at = k;
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
