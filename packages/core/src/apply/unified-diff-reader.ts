import { readFileHeader } from './diff-file-header';
import type { Hunk, HunkLine } from './types';

export interface RawDiffFile {
  /** Index in the answer's lines where this file's diff starts. */
  start: number;
  oldPath: string | null;
  newPath: string | null;
  hunks: Hunk[];
  binary: boolean;
  /** `copy from`/`copy to`: the old file stays, the new one starts as its copy. */
  copy?: boolean;
  /** Its ---/+++ lines name other files than its `diff --git` line. */
  namesDisagree?: boolean;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The old and new line counts of a hunk header (`@@ -1,3 +1,4 @@`), or null. */
export function hunkCounts(line: string): [number, number] | null {
  const header = line.startsWith('@@ -') ? HUNK_HEADER.exec(line) : null;
  return header ? [Number(header[2] ?? 1), Number(header[4] ?? 1)] : null;
}

/** A line that a hunk's body may hold: context, removed, added, or "\ No newline". */
export const isHunkLine = (line: string) =>
  line === '' || line[0] === ' ' || line[0] === '+' || line[0] === '-' || line[0] === '\\';

interface HunkRead {
  hunk: Hunk;
  next: number;
}

/**
 * Reads one hunk from its @@ line. With numbers in the header, the counts say where it
 * ends (as for git); inside a fence a body longer than its counts is kept whole, because
 * models miscount and the fence bounds the diff. Without numbers the body runs to the
 * first line that is not a hunk line.
 */
function readHunk(
  lines: readonly string[],
  at: number,
  to: number,
  greedy: boolean,
  bounded: boolean,
): HunkRead {
  const header = HUNK_HEADER.exec(lines[at] ?? '');
  const counted = header !== null;
  let oldLeft = header ? Number(header[2] ?? 1) : 0;
  let newLeft = header ? Number(header[4] ?? 1) : 0;
  const body: HunkLine[] = [];
  let exact = 0;
  let i = at + 1;
  for (; i < to; i++) {
    const line = lines[i] ?? '';
    const op = line === '' ? ' ' : line[0];
    if (op === '\\') {
      const last = body.at(-1);
      if (last) last.noNewline = true;
      continue;
    }
    const withinCounts = counted && (oldLeft > 0 || newLeft > 0);
    if (counted && !withinCounts && !greedy) break;
    // Only a line that is not a body line (by its first character) or one starting with `-`
    // can be a header; most lines skip the tests.
    if (op !== ' ' && op !== '+' && op !== '-') break;
    if (op === '-' && !withinCounts && line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ '))
      break;
    body.push({ op, text: line.slice(1), noNewline: false });
    if (op !== '+') oldLeft--;
    if (op !== '-') newLeft--;
    if (withinCounts) exact = body.length;
  }
  // Fewer lines than the header counts, and what follows is neither the next hunk, the next
  // file nor the fence that closes the diff: the hunk was cut (by the end of the answer, or
  // a line that could not belong to it); applying it would drop what is missing. Ended by
  // one of those, the model miscounted (it often does) and wrote all it meant.
  const delimited = i < to ? (lines[i] ?? '').startsWith('@@') || startsDiff(lines, i) : bounded;
  const miscounted = counted && (oldLeft > 0 || newLeft > 0) && body.length > 0;
  if (miscounted && delimited) exact = 0;
  // Blank lines after the counted body (or after a body without counts) separate it from
  // what follows; they are not empty context lines.
  while (body.length > exact && body.at(-1)?.op === ' ' && body.at(-1)?.text === '') body.pop();
  // A header counting lines with none under it that reads as one (`Z` for a tab, prose):
  // the hunk cannot be read, which is not a hunk that changes nothing.
  const unreadable = counted && (oldLeft > 0 || newLeft > 0) && body.length === 0;
  const short = (miscounted && !delimited) || unreadable;
  return {
    hunk: {
      oldStart: header ? Number(header[1]) : null,
      newStart: header ? Number(header[3]) : null,
      lines: body,
      ...(short ? { short } : {}),
    },
    next: i,
  };
}

/** Reads the hunk at `at` into `file`; returns the line after it. */
function readHunkInto(
  file: RawDiffFile,
  lines: readonly string[],
  at: number,
  to: number,
  greedy: boolean,
  bounded: boolean,
): number {
  const read = readHunk(lines, at, to, greedy, bounded);
  // An empty hunk without numbers (a trailing `@@ … @@` with nothing under it) is dropped;
  // one with numbers (`@@ -1,0 +1,0 @@`) is kept, to be refused as a hunk that changes nothing.
  if (read.hunk.lines.length > 0 || read.hunk.short || read.hunk.oldStart !== null)
    file.hunks.push(read.hunk);
  return read.next;
}

export const startsDiff = (lines: readonly string[], i: number) =>
  (lines[i] ?? '').startsWith('diff --git ') ||
  ((lines[i] ?? '').startsWith('--- ') && (lines[i + 1] ?? '').startsWith('+++ '));

/**
 * Reads the file diffs from `from` until a line that belongs to no diff (or `to`).
 * `greedy`: the diff is inside a fence, which bounds it; `bounded`: that fence was closed
 * (`to` is its closing line, not the end of the answer). Hunks before any file header go to
 * `defaultPath` (a fenced diff under a path line).
 */
export function readUnifiedDiffs(
  lines: readonly string[],
  from: number,
  to: number,
  greedy: boolean,
  defaultPath: string | null,
  bounded = false,
): { files: RawDiffFile[]; next: number } {
  const files: RawDiffFile[] = [];
  let i = from;
  while (i < to) {
    const line = lines[i] ?? '';
    if (line.startsWith('@@')) {
      let file = files.at(-1);
      if (!file) {
        file = { start: i, oldPath: defaultPath, newPath: defaultPath, hunks: [], binary: false };
        files.push(file);
      }
      i = readHunkInto(file, lines, i, to, greedy, bounded);
      continue;
    }
    if (!startsDiff(lines, i)) {
      if (greedy) {
        i++;
        continue;
      }
      break;
    }
    const start = i;
    const header = readFileHeader(lines, i, to);
    const { oldPath, newPath, binary, copy, namesDisagree } = header;
    i = header.next;
    const file: RawDiffFile = {
      start,
      oldPath,
      newPath,
      hunks: [],
      binary,
      ...(copy ? { copy } : {}),
      ...(namesDisagree ? { namesDisagree } : {}),
    };
    files.push(file);
    while (i < to && (lines[i] ?? '').startsWith('@@'))
      i = readHunkInto(file, lines, i, to, greedy, bounded);
  }
  return { files, next: i };
}
