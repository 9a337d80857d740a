/**
 * A file version as arrays, not one object per line: the texts, each line's ending (so an
 * edit touches only the lines it changes: CRLF stays CRLF, mixed endings stay, and a missing
 * final newline survives: the last line's ending is '') and the runs of lines an edit left
 * as they were read. A plan of a large answer reads tens of thousands of lines that stay
 * alive until it ends; an object per line was its largest allocation, and what each young
 * collection copied.
 */
export interface Lines {
  readonly texts: readonly string[];
  /** Each line's ending, as an index into EOLS. */
  readonly eols: Uint8Array;
  /**
   * Runs of lines kept as read, in order, as triples: `length` lines from line `at` of this
   * version are lines `from`… of `read`. The count of changes anchors on them, per run, not
   * per line.
   */
  readonly kept: Int32Array;
  /** The text the runs point into (null: none was read). */
  readonly read: ReadText | null;
}

export type Eol = '' | '\n' | '\r\n';
const EOLS: readonly Eol[] = ['', '\n', '\r\n'];
export const EOL_CODE: Readonly<Record<Eol, number>> = { '': 0, '\n': 1, '\r\n': 2 };

/** The text a body was split from (the runs of each version made from it point into it). */
interface ReadText {
  readonly text: string;
}

export interface FileBody {
  bom: boolean;
  /** Never changed in place: edits build new versions. */
  lines: Lines;
  /** The ending new lines get: the file's most common one. */
  eol: '\n' | '\r\n';
}

const BOM = '\uFEFF';

/** No run of kept lines (never written to: shared). */
export const NO_RUNS = new Int32Array(0);

/** Lines an edit wrote (none kept as read), all ending in `eol`. */
export function linesOf(texts: readonly string[], eol: Eol): Lines {
  const eols = new Uint8Array(texts.length).fill(EOL_CODE[eol]);
  return { texts, eols, kept: NO_RUNS, read: null };
}

/** A version with no lines (each its own, so nothing indexed for one is shared). */
export const noLines = (): Lines => linesOf([], '\n');

export function readBody(text: string): FileBody {
  const bom = text.startsWith(BOM);
  const body = bom ? text.slice(1) : text;
  // One native split, and no loop over the lines unless some end in CRLF: the first plan
  // runs before the optimizing compiler, where a step per line of every file read counts.
  const texts = body.split('\n');
  // A final newline leaves an empty last part, which is no line; without one, the last line
  // ends in ''.
  const open = texts[texts.length - 1] !== '';
  if (!open) texts.length--;
  const count = texts.length;
  const eols = new Uint8Array(count).fill(EOL_CODE['\n']);
  if (open) eols[count - 1] = EOL_CODE[''];
  let crlf = 0;
  if (body.includes('\r'))
    for (let k = 0; k < (open ? count - 1 : count); k++) {
      const part = texts[k]!;
      if (!part.endsWith('\r')) continue;
      texts[k] = part.slice(0, -1);
      eols[k] = EOL_CODE['\r\n'];
      crlf++;
    }
  const kept = count > 0 ? Int32Array.of(0, 0, count) : NO_RUNS;
  return {
    bom,
    lines: { texts, eols, kept, read: { text: body } },
    eol: crlf * 2 > count ? '\r\n' : '\n',
  };
}

/** The one ending of every line but the last (0: there is none, or more than one). */
function sharedEnding(eols: Uint8Array): number {
  const count = eols.length;
  if (count < 2) return 0;
  const code = eols[0]!;
  const head = eols.subarray(0, count - 1);
  return head.includes(EOL_CODE['']) || head.includes(3 - code) ? 0 : code;
}

export function writeBody(body: FileBody): string {
  const { texts, eols } = body.lines;
  const count = texts.length;
  // Lines that share one ending (most files) are one native join of their texts, not a
  // step per line; the last line's ending is the join's separator or none.
  const code = body.bom ? 0 : sharedEnding(eols);
  const last = eols[count - 1];
  if (code !== 0 && (last === code || last === EOL_CODE['']))
    return (last === code ? texts.concat('') : texts).join(EOLS[code]);
  const parts: string[] = body.bom ? [BOM] : [];
  for (let k = 0; k < count; k++) parts.push(texts[k]!, EOLS[eols[k]!]!);
  return parts.join('');
}

/** The runs of kept lines without the first line (it no longer reads as it was read). */
function keptAfterFirst(kept: Int32Array): Int32Array {
  if (kept.length === 0 || kept[0] !== 0) return kept;
  const rest = kept.slice(kept[2] === 1 ? 3 : 0);
  if (kept[2] !== 1) {
    rest[0] = 1;
    rest[1]!++;
    rest[2]!--;
  }
  return rest;
}

/** The lines with the first one's text replaced. */
function withFirstText(lines: Lines, text: string): Lines {
  const texts = lines.texts.slice();
  texts[0] = text;
  return { texts, eols: lines.eols, kept: keptAfterFirst(lines.kept), read: lines.read };
}

/** Whether an answer's line starts with a BOM (a copy of the file's first bytes). */
export const startsWithBom = (text: string | undefined) => text?.startsWith(BOM) === true;

/**
 * A body whose BOM is read as the start of its first line's text, as git reads it: for an
 * edit that writes the BOM itself (a diff of the file as git wrote it, a search text copied
 * with it), which then matches, keeps or drops it as it says. Only for a body with a BOM and
 * a first line.
 */
export const bomInText = (body: FileBody): FileBody => ({
  ...body,
  bom: false,
  lines: withFirstText(body.lines, BOM + body.lines.texts[0]!),
});

/** The body `bomInText` gave, edited: a first line starting with the BOM gives it back. */
export function bomFromText(body: FileBody): FileBody {
  const first = body.lines.texts[0];
  if (!startsWithBom(first)) return body;
  return { ...body, bom: true, lines: withFirstText(body.lines, first!.slice(1)) };
}

/** Lines of a text the model wrote (its own line endings do not count). */
export function answerLines(text: string): string[] {
  const lines = (text.includes('\r') ? text.replaceAll('\r\n', '\n') : text).split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The lines with the last one's ending replaced (it is then a line an edit wrote). */
function withLastEol(lines: Lines, eol: Eol): Lines {
  const count = lines.texts.length;
  const eols = lines.eols.slice();
  eols[count - 1] = EOL_CODE[eol];
  let kept = lines.kept;
  const r = kept.length - 3;
  // The last run ends one line sooner when it held the last line.
  if (r >= 0 && kept[r]! + kept[r + 2]! === count) {
    kept = kept.slice(0, kept[r + 2] === 1 ? r : r + 3);
    if (kept.length > r) kept[r + 2]!--;
  }
  return { texts: lines.texts, eols, kept, read: lines.read };
}

/** Gives the body's last line the final newline (or its absence) that `had` says. */
export function keepFinalNewline(lines: Lines, had: boolean, eol: FileBody['eol']): Lines {
  const count = lines.texts.length;
  if (count === 0) return lines;
  const open = lines.eols[count - 1] === EOL_CODE[''];
  if (had && open) return withLastEol(lines, eol);
  if (!had && !open) return withLastEol(lines, '');
  return lines;
}

export const hasFinalNewline = (lines: Lines) =>
  lines.texts.length === 0 || lines.eols[lines.texts.length - 1] !== EOL_CODE[''];
