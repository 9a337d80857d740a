/**
 * A file as lines that remember their own line ending, so an edit touches only the lines it
 * changes: CRLF stays CRLF, a file with mixed endings keeps them, and the absence of a final
 * newline survives (the last line's `eol` is '').
 */
export interface Line {
  readonly text: string;
  readonly eol: '' | '\n' | '\r\n';
  /**
   * Where the line is in the file as read (lines an edit wrote have none). Edits keep the
   * lines they do not touch as the same objects, so the count of changes finds them by this
   * index instead of a map over every line, and a run of them is written back as one slice
   * of the text read.
   */
  readonly at?: number;
}

/** The text a body was split from: `lines[k]` is `text.slice(starts[k], starts[k + 1])`. */
interface ReadText {
  text: string;
  lines: readonly Line[];
  /** One more than the lines: the last is the text's length. */
  starts: Int32Array;
}

export interface FileBody {
  bom: boolean;
  /** Never changed in place (edits build new arrays), so `read.lines` can be the same array. */
  lines: readonly Line[];
  /** The ending new lines get: the file's most common one. */
  eol: '\n' | '\r\n';
  /** The text as read (without its BOM), which edits carry along. */
  read?: ReadText;
}

const BOM = '\uFEFF';

export function readBody(text: string): FileBody {
  const bom = text.startsWith(BOM);
  const body = bom ? text.slice(1) : text;
  // One native split, not a scan of indexOf and slice per line: the first plan runs before
  // the optimizing compiler, where reading the files line by line was a fifth of it.
  const parts = body.split('\n');
  // A final newline leaves an empty last part, which is no line.
  const count = parts[parts.length - 1] === '' ? parts.length - 1 : parts.length;
  const cr = body.includes('\r');
  const last = parts.length - 1;
  const starts = new Int32Array(count + 1);
  let crlf = 0;
  // The parts become the lines in place: no second array grown one push at a time.
  const lines = parts as unknown as Line[];
  for (let k = 0; k < count; k++) {
    const part = parts[k]!;
    starts[k + 1] = starts[k]! + part.length + (k === last ? 0 : 1);
    if (k === last) lines[k] = { text: part, eol: '', at: k };
    else if (cr && part.endsWith('\r')) {
      lines[k] = { text: part.slice(0, -1), eol: '\r\n', at: k };
      crlf++;
    } else lines[k] = { text: part, eol: '\n', at: k };
  }
  lines.length = count;
  const read = { text: body, lines, starts };
  return { bom, lines, eol: crlf * 2 > lines.length ? '\r\n' : '\n', read };
}

/** The number of lines from `k` on that are lines `at`, `at + 1`… of the text read, unchanged. */
function keptRun(lines: readonly Line[], k: number, read: ReadText | undefined): number {
  const at = lines[k]!.at;
  if (read === undefined || at === undefined) return 0;
  let n = 0;
  while (k + n < lines.length && read.lines[at + n] === lines[k + n]) n++;
  return n;
}

export function writeBody(body: FileBody): string {
  const parts: string[] = body.bom ? [BOM] : [];
  const { lines, read } = body;
  for (let k = 0; k < lines.length;) {
    const run = keptRun(lines, k, read);
    if (run > 0) {
      // Most of a file is lines no edit touched: one slice of the text read writes them.
      const at = lines[k]!.at!;
      parts.push(read!.text.slice(read!.starts[at], read!.starts[at + run]));
      k += run;
    } else {
      parts.push(lines[k]!.text, lines[k]!.eol);
      k++;
    }
  }
  return parts.join('');
}

/** Lines of a text the model wrote (its own line endings do not count). */
export function answerLines(text: string): string[] {
  const lines = (text.includes('\r') ? text.replaceAll('\r\n', '\n') : text).split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Gives the body's last line the final newline (or its absence) that `had` says. */
export function keepFinalNewline(
  lines: readonly Line[],
  had: boolean,
  eol: FileBody['eol'],
): readonly Line[] {
  const last = lines.at(-1);
  if (!last) return lines;
  if (had && last.eol === '') return [...lines.slice(0, -1), { text: last.text, eol }];
  if (!had && last.eol !== '') return [...lines.slice(0, -1), { text: last.text, eol: '' }];
  return lines;
}

export const hasFinalNewline = (lines: readonly Line[]) => (lines.at(-1)?.eol ?? '\n') !== '';
