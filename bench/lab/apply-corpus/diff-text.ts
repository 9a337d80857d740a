// A unified diff split into files and hunks by the corpus itself (not by core: the corpus
// must not share the parser it checks), to write the damaged variants models produce.

export interface DiffHunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  /** The text after the second `@@` (a function name). */
  tail: string;
  /** Body lines with their op character; `\ No newline…` lines kept as they are. */
  lines: string[];
}

export interface DiffFile {
  /** `diff --git`, index, mode, `---`/`+++` lines. */
  header: string[];
  oldPath: string | null;
  newPath: string | null;
  hunks: DiffHunk[];
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$/;

const DATE = /\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?(?: [+-]\d{4})?$/;

const side = (line: string) => {
  const text = line.slice(4).split('\t')[0]!.trim();
  const name = text.replace(DATE, '');
  const epoch = /(1970-01-01|1969-12-31) \d/.test(line);
  return name === '/dev/null' || epoch ? null : name.replace(/^[ab]\//, '');
};

export function splitDiff(diff: string): DiffFile[] {
  const files: DiffFile[] = [];
  let file: DiffFile | null = null;
  let hunk: DiffHunk | null = null;
  let oldLeft = 0;
  let newLeft = 0;
  const lines = diff.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    if (hunk && (oldLeft > 0 || newLeft > 0 || line.startsWith('\\'))) {
      hunk.lines.push(line);
      if (line[0] === ' ' || line[0] === '-') oldLeft--;
      if (line[0] === ' ' || line[0] === '+') newLeft--;
      continue;
    }
    const match = HUNK.exec(line);
    if (match && file) {
      hunk = {
        oldStart: Number(match[1]),
        oldCount: match[2] === undefined ? 1 : Number(match[2]),
        newStart: Number(match[3]),
        newCount: match[4] === undefined ? 1 : Number(match[4]),
        tail: match[5] ?? '',
        lines: [],
      };
      oldLeft = hunk.oldCount;
      newLeft = hunk.newCount;
      file.hunks.push(hunk);
      continue;
    }
    if (line.startsWith('diff ') || !file || hunk || (line.startsWith('--- ') && file.oldPath)) {
      hunk = null;
      file = { header: [], oldPath: null, newPath: null, hunks: [] };
      files.push(file);
    }
    file.header.push(line);
    if (line.startsWith('--- ')) file.oldPath = side(line);
    if (line.startsWith('+++ ')) file.newPath = side(line);
  }
  return files;
}

export const hunkHeader = (h: DiffHunk, numbers = true) =>
  numbers
    ? `@@ -${h.oldStart},${h.oldCount} +${h.newStart},${h.newCount} @@${h.tail}`
    : `@@ ... @@`;

export function joinDiff(files: DiffFile[], numbers = true): string {
  const out: string[] = [];
  for (const file of files) {
    out.push(...file.header);
    for (const h of file.hunks) out.push(hunkHeader(h, numbers), ...h.lines);
  }
  return `${out.join('\n')}\n`;
}

/** A hunk's old or new side as lines (no op characters). */
export function sideOf(h: DiffHunk, which: 'old' | 'new'): string[] {
  const keep = which === 'old' ? '-' : '+';
  return h.lines.filter((l) => l[0] === ' ' || l[0] === keep).map((l) => l.slice(1));
}

/** A copy of `files` whose headers, hunks and hunk lines can be changed. */
export const cloneDiff = (files: DiffFile[]): DiffFile[] =>
  files.map((f) => ({
    ...f,
    header: [...f.header],
    hunks: f.hunks.map((h) => ({ ...h, lines: [...h.lines] })),
  }));
