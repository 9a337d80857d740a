import type { Hunk, HunkLine } from './types';

export interface RawDiffFile {
  /** Index in the answer's lines where this file's diff starts. */
  start: number;
  oldPath: string | null;
  newPath: string | null;
  hunks: Hunk[];
  binary: boolean;
}

const EXTENDED_HEADER =
  /^(?:old mode|new mode|deleted file mode|new file mode|similarity index|dissimilarity index|rename from|rename to|copy from|copy to|index) /;
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
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
      bytes.push(...encoder.encode(escaped));
      i += 1;
    }
    plain = i + 1;
  }
  flush(i);
  return { name: new TextDecoder().decode(new Uint8Array(bytes)), rest: quoted.slice(i + 1) };
}

/** A name on a ---/+++ or rename line: quoted, or up to a tab (git adds one after names with spaces). */
function headerName(text: string): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('"')) return unquote(trimmed).name;
  const tab = trimmed.indexOf('\t');
  return (tab === -1 ? trimmed : trimmed.slice(0, tab)).trimEnd();
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
const strip = (name: string | null, prefix: 'a/' | 'b/') =>
  name?.startsWith(prefix) ? name.slice(2) : name;

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
function readHunk(lines: readonly string[], at: number, to: number, greedy: boolean): HunkRead {
  const header = HUNK_HEADER.exec(lines[at] ?? '');
  const counted = header !== null;
  let oldLeft = header ? Number(header[2] ?? 1) : 0;
  let newLeft = header ? Number(header[4] ?? 1) : 0;
  const body: HunkLine[] = [];
  let exact = 0;
  let i = at + 1;
  for (; i < to; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('\\')) {
      const last = body.at(-1);
      if (last) last.noNewline = true;
      continue;
    }
    const withinCounts = counted && (oldLeft > 0 || newLeft > 0);
    if (counted && !withinCounts && !greedy) break;
    if (line.startsWith('@@') || line.startsWith('diff --git ')) break;
    if (!withinCounts && line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ')) break;
    const op = line === '' ? ' ' : line[0];
    if (op !== ' ' && op !== '+' && op !== '-') break;
    body.push({ op, text: line.slice(1), noNewline: false });
    if (op !== '+') oldLeft--;
    if (op !== '-') newLeft--;
    if (withinCounts) exact = body.length;
  }
  // Blank lines after the counted body (or after a body without counts) separate it from
  // what follows; they are not empty context lines.
  while (body.length > exact && body.at(-1)?.op === ' ' && body.at(-1)?.text === '') body.pop();
  return {
    hunk: {
      oldStart: header ? Number(header[1]) : null,
      newStart: header ? Number(header[3]) : null,
      lines: body,
    },
    next: i,
  };
}

export const startsDiff = (lines: readonly string[], i: number) =>
  (lines[i] ?? '').startsWith('diff --git ') ||
  ((lines[i] ?? '').startsWith('--- ') && (lines[i + 1] ?? '').startsWith('+++ '));

/**
 * Reads the file diffs from `from` until a line that belongs to no diff (or `to`).
 * `greedy`: the diff is inside a fence, which bounds it. Hunks before any file header go to
 * `defaultPath` (a fenced diff under a path line).
 */
export function readUnifiedDiffs(
  lines: readonly string[],
  from: number,
  to: number,
  greedy: boolean,
  defaultPath: string | null,
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
      const read = readHunk(lines, i, to, greedy);
      file.hunks.push(read.hunk);
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
      }
    }
    if ((lines[i] ?? '').startsWith('--- ') && (lines[i + 1] ?? '').startsWith('+++ ')) {
      oldName = devNull(headerName((lines[i] ?? '').slice(4)));
      newName = devNull(headerName((lines[i + 1] ?? '').slice(4)));
      i += 2;
    }
    oldName = strip(oldName, 'a/');
    newName = strip(newName, 'b/');
    let oldPath = created ? null : oldName;
    let newPath = deleted ? null : newName;
    if (renameFrom && renameTo) [oldPath, newPath] = [renameFrom, renameTo];
    else if (oldPath && newPath) oldPath = newPath;
    const file: RawDiffFile = { start, oldPath, newPath, hunks: [], binary };
    files.push(file);
    while (i < to && (lines[i] ?? '').startsWith('@@')) {
      const read = readHunk(lines, i, to, greedy);
      file.hunks.push(read.hunk);
      i = read.next;
    }
  }
  return { files, next: i };
}
