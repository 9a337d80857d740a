/**
 * A file as lines that remember their own line ending, so an edit touches only the lines it
 * changes: CRLF stays CRLF, a file with mixed endings keeps them, and the absence of a final
 * newline survives (the last line's `eol` is '').
 */
export interface Line {
  text: string;
  eol: '' | '\n' | '\r\n';
  /**
   * Where the line is in the file as read (lines an edit wrote have none): edits keep the
   * lines they do not touch as the same objects, so the count of changes finds them by this
   * index instead of a map over every line of the file.
   */
  readonly at?: number;
}

export interface FileBody {
  bom: boolean;
  lines: Line[];
  /** The ending new lines get: the file's most common one. */
  eol: '\n' | '\r\n';
}

const BOM = '\uFEFF';

export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    if (end === -1) {
      lines.push({ text: text.slice(start), eol: '', at: lines.length });
      break;
    }
    const crlf = end > start && text.charCodeAt(end - 1) === 13;
    const eol = crlf ? '\r\n' : '\n';
    lines.push({ text: text.slice(start, crlf ? end - 1 : end), eol, at: lines.length });
    start = end + 1;
  }
  return lines;
}

export function readBody(text: string): FileBody {
  const bom = text.startsWith(BOM);
  const lines = splitLines(bom ? text.slice(1) : text);
  let crlf = 0;
  for (const line of lines) if (line.eol === '\r\n') crlf++;
  return { bom, lines, eol: crlf * 2 > lines.length ? '\r\n' : '\n' };
}

export function writeBody(body: FileBody): string {
  const parts: string[] = body.bom ? [BOM] : [];
  for (const line of body.lines) parts.push(line.text, line.eol);
  return parts.join('');
}

/** Lines of a text the model wrote (its own line endings do not count). */
export function answerLines(text: string): string[] {
  const lines = (text.includes('\r') ? text.replaceAll('\r\n', '\n') : text).split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Gives the body's last line the final newline (or its absence) that `had` says. */
export function keepFinalNewline(lines: Line[], had: boolean, eol: FileBody['eol']): Line[] {
  const last = lines.at(-1);
  if (!last) return lines;
  if (had && last.eol === '') return [...lines.slice(0, -1), { text: last.text, eol }];
  if (!had && last.eol !== '') return [...lines.slice(0, -1), { text: last.text, eol: '' }];
  return lines;
}

export const hasFinalNewline = (lines: readonly Line[]) => (lines.at(-1)?.eol ?? '\n') !== '';
