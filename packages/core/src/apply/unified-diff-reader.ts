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
}

const EXTENDED_HEADER =
  /^(?:old mode|new mode|deleted file mode|new file mode|similarity index|dissimilarity index|rename from|rename to|copy from|copy to|index) /;
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The old and new line counts of a hunk header (`@@ -1,3 +1,4 @@`), or null. */
export function hunkCounts(line: string): [number, number] | null {
  const header = line.startsWith('@@ -') ? HUNK_HEADER.exec(line) : null;
  return header ? [Number(header[2] ?? 1), Number(header[4] ?? 1)] : null;
}

/** A line that a hunk's body may hold: context, removed, added, or "\ No newline". */
export const isHunkLine = (line: string) =>
  line === '' || line[0] === ' ' || line[0] === '+' || line[0] === '-' || line[0] === '\\';

/**
 * The dates `diff -u` writes after a name (`2024-01-31 12:00:00.000000000 +0100`, or
 * ctime's `Thu Jan  1 00:00:00 1970`), after a tab or spaces.
 */
const DATE =
  /^(?:\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?: ?[+-]\d{4}|Z)?|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;
const SPACED_DATE =
  / +(\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?: [+-]\d{4})?|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;
/** The longest header line searched for a date after spaces (the expression is not linear). */
const DATED_HEADER_MAX = 1_000;
/** GNU diff -N writes the epoch (in the local time zone) as the date of a missing side. */
const isEpoch = (date: string) => /^(?:1970-01-01|1969-12-31)|19(?:70|69)$/.test(date.trim());
const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  '"': '"',
  '\\': '\\',
  a: '\x07',
  b: '\b',
  f: '\f',
  r: '\r',
  v: '\v',
};

const encoder = new TextEncoder();
const isOctal = (char: string | undefined) => char !== undefined && char >= '0' && char <= '7';

/** git's C-style quoted names ("a/caf\303\251.ts"): escapes, octal bytes read as UTF-8. */
function unquote(quoted: string): { name: string; rest: string } {
  const bytes: number[] = [];
  let i = 1;
  let plain = 1;
  const flush = (to: number) => {
    if (to > plain) for (const byte of encoder.encode(quoted.slice(plain, to))) bytes.push(byte);
  };
  for (; i < quoted.length && quoted[i] !== '"'; i++) {
    if (quoted[i] !== '\\') continue;
    flush(i);
    if (isOctal(quoted[i + 1]) && isOctal(quoted[i + 2]) && isOctal(quoted[i + 3])) {
      bytes.push(parseInt(quoted.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      const escaped = ESCAPES[quoted[i + 1] ?? ''] ?? quoted[i + 1] ?? '';
      if (escaped.length === 1 && escaped.charCodeAt(0) < 128) bytes.push(escaped.charCodeAt(0));
      else for (const byte of encoder.encode(escaped)) bytes.push(byte);
      i += 1;
    }
    plain = i + 1;
  }
  flush(i);
  return { name: new TextDecoder().decode(new Uint8Array(bytes)), rest: quoted.slice(i + 1) };
}

/**
 * A name on a ---/+++ or rename line: quoted, or up to a tab (git adds one after names with
 * spaces), a date after it removed; `epoch`: that date is the epoch (the side does not exist).
 */
function headerName(text: string): string {
  return datedName(text).name;
}

function datedName(text: string): { name: string; epoch: boolean } {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('"')) {
    const { name, rest } = unquote(trimmed);
    return { name, epoch: isEpoch(rest) && DATE.test(rest.trim()) };
  }
  const tab = trimmed.indexOf('\t');
  if (tab !== -1) {
    const date = trimmed.slice(tab + 1).trim();
    return { name: trimmed.slice(0, tab).trimEnd(), epoch: DATE.test(date) && isEpoch(date) };
  }
  const spaced = trimmed.length <= DATED_HEADER_MAX ? SPACED_DATE.exec(trimmed.trimEnd()) : null;
  if (spaced) {
    const name = trimmed.slice(0, spaced.index).trimEnd();
    return { name, epoch: isEpoch(spaced[1] ?? '') };
  }
  return { name: trimmed.trimEnd(), epoch: false };
}

/** The two names of `diff --git a/x b/x` (used when no ---/+++ lines follow, e.g. a pure rename). */
function gitLineNames(rest: string): [string, string] | null {
  if (rest.startsWith('"')) {
    const first = unquote(rest);
    const second = first.rest.trimStart();
    return [first.name, second.startsWith('"') ? unquote(second).name : second];
  }
  // Without quotes a name may hold spaces: the split that gives the same path on both
  // sides wins. Both sides are then equally long, so only the middle split can (checking
  // every " b/" would cost the line's length for each).
  const middle = (rest.length - 1) / 2;
  if (Number.isInteger(middle) && rest.startsWith(' b/', middle)) {
    const [a, b] = [rest.slice(0, middle), rest.slice(middle + 1)];
    if (a.slice(2) === b.slice(2)) return [a, b];
  }
  const first = rest.indexOf(' b/');
  return first === -1 ? null : [rest.slice(0, first), rest.slice(first + 1)];
}

const devNull = (name: string) => (name === '/dev/null' ? null : name);

/**
 * The names without their prefixes: `a/` and `b/`, else any first folder when the two
 * names differ only there (`old/x.c` and `new/x.c`, git's `i/` `w/`), as `-p1` strips it.
 */
/** A name without its first folder. */
const rest = (name: string) => name.slice(name.indexOf('/') + 1);

function stripPrefixes(
  oldName: string | null,
  newName: string | null,
): [string | null, string | null] {
  if (oldName?.startsWith('a/') || newName?.startsWith('b/'))
    return [
      oldName?.startsWith('a/') ? oldName.slice(2) : oldName,
      newName?.startsWith('b/') ? newName.slice(2) : newName,
    ];
  if (
    oldName?.includes('/') &&
    newName?.includes('/') &&
    rest(oldName) === rest(newName) &&
    oldName !== newName
  )
    return [rest(oldName), rest(newName)];
  return [oldName, newName];
}

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
      const read = readHunk(lines, i, to, greedy, bounded);
      if (read.hunk.lines.length > 0 || read.hunk.short) file.hunks.push(read.hunk);
      i = read.next;
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
    let oldName: string | null = null;
    let newName: string | null = null;
    let renameFrom: string | null = null;
    let renameTo: string | null = null;
    let copy = false;
    let created = false;
    let deleted = false;
    let binary = false;
    if (line.startsWith('diff --git ')) {
      [oldName, newName] = gitLineNames(line.slice('diff --git '.length)) ?? [null, null];
      i++;
      for (; i < to; i++) {
        const header = lines[i] ?? '';
        if (header.startsWith('Binary files ') || header === 'GIT binary patch') binary = true;
        else if (!EXTENDED_HEADER.test(header)) break;
        if (header.startsWith('new file mode')) created = true;
        if (header.startsWith('deleted file mode')) deleted = true;
        if (header.startsWith('rename from ')) renameFrom = headerName(header.slice(12));
        if (header.startsWith('rename to ')) renameTo = headerName(header.slice(10));
        if (header.startsWith('copy from '))
          [renameFrom, copy] = [headerName(header.slice(10)), true];
        if (header.startsWith('copy to ')) renameTo = headerName(header.slice(8));
      }
    }
    if ((lines[i] ?? '').startsWith('--- ') && (lines[i + 1] ?? '').startsWith('+++ ')) {
      const [before, after] = [datedName(lines[i]!.slice(4)), datedName(lines[i + 1]!.slice(4))];
      oldName = devNull(before.name);
      newName = devNull(after.name);
      // GNU diff -N: a side dated at the epoch does not exist (as git apply reads it).
      if (before.epoch && !after.epoch) created = true;
      if (after.epoch && !before.epoch) deleted = true;
      i += 2;
    }
    [oldName, newName] = stripPrefixes(oldName, newName);
    let oldPath = created ? null : oldName;
    let newPath = deleted ? null : newName;
    if (renameFrom && renameTo) [oldPath, newPath] = [renameFrom, renameTo];
    else if (oldPath && newPath) oldPath = newPath;
    const file: RawDiffFile = {
      start,
      oldPath,
      newPath,
      hunks: [],
      binary,
      ...(copy ? { copy } : {}),
    };
    files.push(file);
    while (i < to && (lines[i] ?? '').startsWith('@@')) {
      const read = readHunk(lines, i, to, greedy, bounded);
      // An empty hunk (a trailing `@@ … @@` with nothing under it) changes nothing.
      if (read.hunk.lines.length > 0 || read.hunk.short) file.hunks.push(read.hunk);
      i = read.next;
    }
  }
  return { files, next: i };
}
