/**
 * The header of one file's diff: the `diff --git` line and git's extended lines, then the
 * `---`/`+++` names, read into the old and new paths (null: the side does not exist).
 */
export interface DiffFileHeader {
  oldPath: string | null;
  newPath: string | null;
  binary: boolean;
  /** `copy from`/`copy to`: the old file stays, the new one starts as its copy. */
  copy: boolean;
  /** The first line after the header (a hunk's @@ line when the diff has hunks). */
  next: number;
  /** The ---/+++ lines name other files than the `diff --git` line (git refuses it). */
  namesDisagree?: boolean;
}

const EXTENDED_HEADER =
  /^(?:old mode|new mode|deleted file mode|new file mode|similarity index|dissimilarity index|rename from|rename to|copy from|copy to|index) /;

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

/** The name on a rename or copy line (as `datedName`, without the date). */
function headerName(text: string): string {
  return datedName(text).name;
}

/**
 * A name on a ---/+++ or rename line: quoted, or up to a tab (git adds one after names with
 * spaces), a date after it removed; `epoch`: that date is the epoch (the side does not exist).
 */
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

const withoutSidePrefix = (name: string) =>
  name.startsWith('a/') || name.startsWith('b/') ? name.slice(2) : name;

/**
 * A ---/+++ name (null: /dev/null) agrees with the `diff --git` line's name of that side:
 * the same, or the same but for an `a/` or `b/` on either.
 */
const sameName = (name: string | null, gitName: string) =>
  name === null || name === gitName || withoutSidePrefix(name) === withoutSidePrefix(gitName);

/** A name without its first folder. */
const withoutFirstFolder = (name: string) => name.slice(name.indexOf('/') + 1);

/**
 * The names without their prefixes: `a/` and `b/`, else any first folder when the two
 * names differ only there (`old/x.c` and `new/x.c`, git's `i/` `w/`), as `-p1` strips it.
 */
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
    withoutFirstFolder(oldName) === withoutFirstFolder(newName) &&
    oldName !== newName
  )
    return [withoutFirstFolder(oldName), withoutFirstFolder(newName)];
  return [oldName, newName];
}

/** Reads the header of the file diff that starts at `at` (where `startsDiff` holds). */
export function readFileHeader(lines: readonly string[], at: number, to: number): DiffFileHeader {
  const line = lines[at] ?? '';
  let i = at;
  let oldName: string | null = null;
  let newName: string | null = null;
  let renameFrom: string | null = null;
  let renameTo: string | null = null;
  let copy = false;
  let created = false;
  let deleted = false;
  let binary = false;
  let namesDisagree = false;
  let gitNames: [string, string] | null = null;
  if (line.startsWith('diff --git ')) {
    gitNames = gitLineNames(line.slice('diff --git '.length));
    [oldName, newName] = gitNames ?? [null, null];
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
    if (gitNames && !(sameName(oldName, gitNames[0]) && sameName(newName, gitNames[1])))
      namesDisagree = true;
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
  return { oldPath, newPath, binary, copy, next: i, ...(namesDisagree ? { namesDisagree } : {}) };
}
