import { commonEnds } from '@promptloom/core';
import { diffLines } from 'diff';

/** One side of a side-by-side row: a line number and its text, or nothing (a gap). */
export interface DiffCell {
  line: number;
  text: string;
}

export type DiffRow =
  | { kind: 'same'; left: DiffCell; right: DiffCell }
  | { kind: 'change'; left: DiffCell | null; right: DiffCell | null }
  /** `count` unchanged lines hidden between changes; `rows` are shown when expanded. */
  | { kind: 'fold'; id: number; count: number; rows: DiffRow[] };

export interface DiffResult {
  rows: DiffRow[];
  identical: boolean;
  /** The line diff gave up (too large/slow): the middle is shown as a whole replacement. */
  approximate: boolean;
}

/** Unchanged lines kept visible around each change. */
export const DIFF_CONTEXT_LINES = 3;
/** Beyond this, jsdiff stops and the changed middle is shown as removed-then-added. */
export const DIFF_TIMEOUT_MS = 2_000;

/**
 * Marks the last line of a text that does not end with a newline, so that it differs from
 * the same line with one (as git's "\ No newline at end of file" does); shown without it.
 */
const NO_FINAL_NEWLINE = '\u0000';

/**
 * A text's lines. A final newline ends the last line; it does not start an empty one (a new
 * file of N lines shows N rows, as its +N says).
 */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  else lines[lines.length - 1] += NO_FINAL_NEWLINE;
  return lines;
}

const shown = (line: string) =>
  line.endsWith(NO_FINAL_NEWLINE) ? line.slice(0, -NO_FINAL_NEWLINE.length) : line;

/** Lines of a jsdiff chunk (its value ends with a newline except maybe the last). */
const chunkLines = (value: string) => {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/**
 * Runs jsdiff's line diff without blocking the page: its callback mode works in slices
 * between macrotasks, and `timeout` bounds the total time on pathological inputs.
 */
function diffMiddle(oldText: string, newText: string, timeout: number) {
  return new Promise<ReturnType<typeof diffLines> | undefined>((resolve) => {
    diffLines(oldText, newText, { timeout, callback: resolve });
  });
}

/**
 * Side-by-side rows of `oldText` against `newText`. The common head and tail are peeled
 * off first (cheap, and typical edits are local), so jsdiff only sees the changed middle.
 */
export async function computeDiffRows(
  oldText: string,
  newText: string,
  timeout = DIFF_TIMEOUT_MS,
): Promise<DiffResult> {
  if (oldText === newText) return { rows: [], identical: true, approximate: false };
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  const { head, tail } = commonEnds(oldLines, newLines);
  const oldMiddle = oldLines.slice(head, oldLines.length - tail);
  const newMiddle = newLines.slice(head, newLines.length - tail);

  const flat: DiffRow[] = [];
  let oldNo = 1;
  let newNo = 1;
  const pushSame = (line: string) => {
    const text = shown(line);
    flat.push({ kind: 'same', left: { line: oldNo++, text }, right: { line: newNo++, text } });
  };
  const pushChange = (removed: string[], added: string[]) => {
    for (let i = 0; i < Math.max(removed.length, added.length); i++) {
      const left = i < removed.length ? { line: oldNo++, text: shown(removed[i]!) } : null;
      const right = i < added.length ? { line: newNo++, text: shown(added[i]!) } : null;
      flat.push({ kind: 'change', left, right });
    }
  };

  oldLines.slice(0, head).forEach(pushSame);
  const changes =
    oldMiddle.length && newMiddle.length
      ? await diffMiddle(oldMiddle.join('\n') + '\n', newMiddle.join('\n') + '\n', timeout)
      : [];
  const approximate = changes === undefined;
  if (!changes || changes.length === 0) {
    pushChange(oldMiddle, newMiddle);
  } else {
    for (let i = 0; i < changes.length; i++) {
      const change = changes[i]!;
      if (!change.added && !change.removed) {
        chunkLines(change.value).forEach(pushSame);
      } else if (change.removed) {
        const next = changes[i + 1];
        const added = next?.added ? chunkLines(next.value) : [];
        if (next?.added) i++;
        pushChange(chunkLines(change.value), added);
      } else {
        pushChange([], chunkLines(change.value));
      }
    }
  }
  oldLines.slice(oldLines.length - tail).forEach(pushSame);
  return { rows: foldUnchanged(flat), identical: false, approximate };
}

/** Hides long unchanged runs, keeping DIFF_CONTEXT_LINES around every change. */
export function foldUnchanged(rows: DiffRow[], context = DIFF_CONTEXT_LINES): DiffRow[] {
  const result: DiffRow[] = [];
  let run: DiffRow[] = [];
  let foldId = 0;
  const flush = (atStart: boolean, atEnd: boolean) => {
    const keepBefore = atStart ? 0 : context;
    const keepAfter = atEnd ? 0 : context;
    if (run.length > keepBefore + keepAfter + 1) {
      const hidden = run.slice(keepBefore, run.length - keepAfter);
      result.push(...run.slice(0, keepBefore));
      result.push({ kind: 'fold', id: foldId++, count: hidden.length, rows: hidden });
      result.push(...run.slice(run.length - keepAfter));
    } else {
      result.push(...run);
    }
    run = [];
  };
  let seenChange = false;
  for (const row of rows) {
    if (row.kind === 'same') {
      run.push(row);
      continue;
    }
    flush(!seenChange, false);
    seenChange = true;
    result.push(row);
  }
  flush(!seenChange, true);
  return result;
}
