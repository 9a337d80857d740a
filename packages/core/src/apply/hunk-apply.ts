import { findExact, spliceLines } from './line-index';
import { spend, type SearchBudget } from './line-search';
import { EOL_CODE, NO_RUNS, type Lines } from './text';
import type { Hunk } from './types';

export type HunkResult =
  | { ok: true; lines: Lines; patched: Uint8Array }
  /** `tooCostly`: the file's search budget ran out. */
  | { ok: false; ambiguous: number[] | null; expected: number; tooCostly?: boolean };

/**
 * Applies one hunk the way `git apply` does (apply.c, apply_one_fragment/find_pos): the
 * preimage (context and removed lines) must match exactly; the search starts at the line
 * the header names in the new file and alternates after, before, after… (offsets allowed);
 * a hunk starting at line 0 or 1 must match at the beginning (unless it has as much
 * leading context as trailing: then only its number says so) and one without trailing
 * context at the end; lines an earlier hunk produced are never matched again. There is no
 * fuzz (git reduces context only when asked with -C). Line endings are not compared, so a
 * CRLF file takes a diff written with LF; a hunk without numbers (`@@ @@`, which git
 * refuses) must match in exactly one place.
 */
export function applyHunk(
  lines: Lines,
  patched: Uint8Array,
  hunk: Hunk,
  eol: '\n' | '\r\n',
  budget: SearchBudget,
): HunkResult {
  const pre = hunk.lines.filter((line) => line.op !== '+');
  let trailing = 0;
  for (let k = hunk.lines.length - 1; k >= 0 && hunk.lines[k]?.op === ' '; k--) trailing++;
  let leading = 0;
  while (leading < hunk.lines.length && hunk.lines[leading]?.op === ' ') leading++;
  // git anchors a hunk that names line 0 or 1 at the file's start. A hunk with as much
  // context before its change as after (so nothing says the file starts there) whose line
  // number is simply wrong (models miscount) is searched for from there instead.
  const matchBeginning =
    hunk.oldStart !== null &&
    (hunk.oldStart === 0 || (hunk.oldStart === 1 && (leading === 0 || leading < trailing)));
  const matchEnd = hunk.oldStart !== null && trailing === 0;

  const expected = hunk.newStart ? hunk.newStart - 1 : 0;
  const found = findExact(
    lines,
    pre.map((line) => line.text),
    budget,
  );
  // Applying also copies the file's lines: that is paid for as well.
  const n = lines.texts.length;
  if (found === null || !spend(budget, n))
    return { ok: false, ambiguous: null, expected: expected + 1, tooCostly: true };

  // Where the preimage's texts follow one another (found through the file's index, so the
  // texts are equal); each such place is then checked in constant time (paid for): not
  // over a line an earlier hunk produced, and each final newline as the hunk says.
  if (!spend(budget, found.length))
    return { ok: false, ambiguous: null, expected: expected + 1, tooCostly: true };
  const m = pre.length;
  // Lines produced by earlier hunks, counted up to each index.
  let produced: Int32Array | null = null;
  if (patched.includes(1)) {
    produced = new Int32Array(n + 1);
    for (let k = 0; k < n; k++) produced[k + 1] = produced[k]! + (patched[k] ?? 0);
  }
  // Only the file's last line can lack its newline, and only a hunk line marked so may.
  const lastOpen = n > 0 && lines.eols[n - 1] === EOL_CODE[''];
  const marked = pre.findIndex((line) => line.noNewline);
  // Models leave out "\ No newline" (git writes it, they rarely do): a hunk marking no line
  // at all and writing some line says nothing of the final newline, so it may end on the
  // file's open last line, and the file stays without final newline, as a whole file does.
  const silent =
    lastOpen &&
    hunk.lines.every((line) => !line.noNewline) &&
    hunk.lines.some((line) => line.op !== '-');
  const fits = (at: number) => {
    if (at + m > n) return false;
    if (matchBeginning && at !== 0) return false;
    if (matchEnd && at + m !== n) return false;
    if (produced && produced[at + m] !== produced[at]) return false;
    const coversLast = at + m === n;
    // The marked line must be the file's open last line; an open last line must be marked.
    if (marked !== -1 && !(lastOpen && coversLast && marked === m - 1)) return false;
    if (lastOpen && coversLast && marked !== m - 1 && !silent) return false;
    return true;
  };
  const candidates = found.filter(fits);

  let at: number | null = null;
  if (hunk.oldStart === null) {
    if (candidates.length !== 1)
      return {
        ok: false,
        ambiguous: candidates.length > 1 ? candidates.map((k) => k + 1) : null,
        expected: 0,
      };
    at = candidates[0] ?? null;
  } else {
    let start = matchBeginning ? 0 : matchEnd ? n - pre.length : expected;
    if (start < 0 || start > n) start = n;
    // git tries the start, then one line further down, one further up, two down…: the
    // first place in that order wins.
    const order = (k: number) => (k >= start ? 2 * (k - start) : 2 * (start - k) - 1);
    for (const k of candidates) if (at === null || order(k) < order(at)) at = k;
  }
  if (at === null) return { ok: false, ambiguous: null, expected: expected + 1 };

  const texts: string[] = [];
  const eols: number[] = [];
  let fileLine = at;
  for (let k = 0; k < hunk.lines.length; k++) {
    const line = hunk.lines[k]!;
    if (line.op === '-') {
      fileLine++;
      continue;
    }
    // A context line keeps the file's ending (if it has one), an added line gets the file's.
    const kept = line.op === ' ' && fileLine < n ? lines.eols[fileLine]! : 0;
    texts.push(line.text);
    eols.push(line.noNewline ? EOL_CODE[''] : kept || EOL_CODE[eol]);
    if (line.op === ' ') fileLine++;
  }
  const end = at + pre.length;
  if (silent && m > 0 && end === n) eols[eols.length - 1] = EOL_CODE[''];
  const replaced: Lines = { texts, eols: Uint8Array.from(eols), kept: NO_RUNS, read: null };
  // Marks past the array's end are unset: the new marks stop at the last line marked.
  const after = patched.subarray(Math.min(end, patched.length));
  const written = texts.length;
  const marks = new Uint8Array(at + written + after.length);
  marks.set(patched.subarray(0, Math.min(at, patched.length)));
  marks.fill(1, at, at + written);
  marks.set(after, at + written);
  return { ok: true, lines: spliceLines(lines, at, end - at, replaced), patched: marks };
}
