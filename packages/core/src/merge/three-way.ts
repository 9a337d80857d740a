import { diff3MergeRegions, diffIndices } from 'node-diff3';
import { commonEnds } from './common-ends';

/**
 * A three-way merge of texts, line by line (decision 098): `base` is the common ancestor,
 * `mine` and `theirs` two independent edits of it. node-diff3 finds the regions; this module
 * names them and keeps every byte: lines carry their own terminator (CRLF stays CRLF, a
 * missing final newline stays missing), so joining the lines gives back each text exactly.
 */

/** One stretch of the merge, in order. `base` is what the stretch replaced. */
export type MergeChunk =
  | { kind: 'same'; lines: string[] }
  /** Changed by the subscriber only (kept). */
  | { kind: 'mine'; lines: string[]; base: string[] }
  /** Changed upstream only (taken). */
  | { kind: 'theirs'; lines: string[]; base: string[] }
  /** Both sides made the very same change. */
  | { kind: 'both'; lines: string[]; base: string[] }
  /** Both sides changed the same lines differently: someone must choose. */
  | { kind: 'conflict'; mine: string[]; theirs: string[]; base: string[] };

export interface ThreeWayMerge {
  chunks: MergeChunk[];
  /** How many chunks are conflicts. */
  conflicts: number;
}

/** How a conflict is settled: one side, or the subscriber's lines then upstream's. */
export type ConflictChoice = 'mine' | 'theirs' | 'both';

/** The lines of `text`, each with its terminator (the last may have none). */
export function linesWithEnds(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, i) => line === b[i]);

export function mergeThreeWay(base: string, mine: string, theirs: string): ThreeWayMerge {
  const o = linesWithEnds(base);
  const a = linesWithEnds(mine);
  const b = linesWithEnds(theirs);
  // A one-sided change comes out of node-diff3 as a stable region without the base lines it
  // replaced, and a one-sided deletion as no region at all; each is exactly one hunk of that
  // side's diff against the base, which gives them back.
  const hunks = { a: diffIndices(o, a), b: diffIndices(o, b) };
  const deletedByMine = new Set(hunks.a.filter((h) => h.buffer2[1] === 0).map((h) => h.buffer1[0]));
  const chunks: MergeChunk[] = [];
  let cursor = 0;
  const deletionsUpTo = (start: number) => {
    if (start <= cursor) return;
    const kind = deletedByMine.has(cursor) ? 'mine' : 'theirs';
    chunks.push({ kind, lines: [], base: o.slice(cursor, start) });
  };
  for (const region of diff3MergeRegions(a, o, b)) {
    if (region.stable && region.buffer === 'o') {
      deletionsUpTo(region.bufferStart);
      chunks.push({ kind: 'same', lines: [...region.bufferContent] });
      cursor = region.bufferStart + region.bufferLength;
    } else if (region.stable) {
      const side = region.buffer === 'a' ? 'a' : 'b';
      const hunk = hunks[side].find((h) => h.buffer2[0] === region.bufferStart && h.buffer2[1] > 0);
      if (!hunk) throw new Error('diff3 region without its hunk');
      const [oStart, oLength] = hunk.buffer1;
      deletionsUpTo(oStart);
      chunks.push({
        kind: side === 'a' ? 'mine' : 'theirs',
        lines: [...region.bufferContent],
        base: o.slice(oStart, oStart + oLength),
      });
      cursor = oStart + oLength;
    } else {
      deletionsUpTo(region.oStart);
      chunks.push(...unstable(region.oContent, region.aContent, region.bContent));
      cursor = region.oStart + region.oLength;
    }
  }
  deletionsUpTo(o.length);
  joinCloseConflicts(chunks);
  return { chunks, conflicts: chunks.filter((chunk) => chunk.kind === 'conflict').length };
}

/**
 * Both sides touched these base lines: the same change, one side's only, or a conflict. Lines
 * both sides open or close the conflict with are taken out of it, as git does, so "both"
 * does not repeat them.
 */
function unstable(baseRun: string[], mine: string[], theirs: string[]): MergeChunk[] {
  const base = [...baseRun];
  if (same(mine, theirs)) return [{ kind: 'both', lines: [...mine], base }];
  if (same(mine, base)) return [{ kind: 'theirs', lines: [...theirs], base }];
  if (same(theirs, base)) return [{ kind: 'mine', lines: [...mine], base }];
  const { head, tail } = commonEnds(mine, theirs);
  const chunks: MergeChunk[] = [];
  if (head) chunks.push({ kind: 'both', lines: mine.slice(0, head), base: [] });
  chunks.push({
    kind: 'conflict',
    mine: mine.slice(head, mine.length - tail),
    theirs: theirs.slice(head, theirs.length - tail),
    base,
  });
  if (tail) chunks.push({ kind: 'both', lines: mine.slice(mine.length - tail), base: [] });
  return chunks;
}

/**
 * Two conflicts with only a few unchanged lines between them (three at most, or lines with
 * no letter or digit) are one conflict, as git merge-file makes them: choosing once for both
 * reads better than choosing twice around a line or a brace.
 */
function joinCloseConflicts(chunks: MergeChunk[]) {
  for (let i = 0; i + 2 < chunks.length;) {
    const [first, gap, second] = [chunks[i], chunks[i + 1], chunks[i + 2]];
    if (
      first?.kind !== 'conflict' ||
      gap?.kind !== 'same' ||
      second?.kind !== 'conflict' ||
      (gap.lines.length > 3 && gap.lines.some((line) => /[a-z0-9]/i.test(line)))
    ) {
      i++;
      continue;
    }
    chunks.splice(i, 3, {
      kind: 'conflict',
      mine: [...first.mine, ...gap.lines, ...second.mine],
      theirs: [...first.theirs, ...gap.lines, ...second.theirs],
      base: [...first.base, ...gap.lines, ...second.base],
    });
  }
}

/** The lines a settled conflict gives; "both" joins the sides as `git merge-file --union`. */
export function conflictLines(
  chunk: Extract<MergeChunk, { kind: 'conflict' }>,
  choice: ConflictChoice,
  eol = '\n',
): string[] {
  if (choice === 'mine') return chunk.mine;
  if (choice === 'theirs') return chunk.theirs;
  return joinRuns(chunk.mine, chunk.theirs, eol);
}

/**
 * `first` then `second`; a last line of `first` without terminator gets one, the text's own
 * (as git does).
 */
function joinRuns(first: string[], second: string[], eol = '\n'): string[] {
  const last = first.at(-1);
  if (last === undefined || second.length === 0 || last.endsWith('\n')) {
    return [...first, ...second];
  }
  return [...first.slice(0, -1), last + eol, ...second];
}

/** The line ending the merged texts use: that of the first line that has one. */
function lineEnding(merge: ThreeWayMerge): string {
  for (const chunk of merge.chunks) {
    const runs = chunk.kind === 'conflict' ? [chunk.mine, chunk.theirs, chunk.base] : [chunk.lines];
    for (const line of runs.flat()) {
      if (line.endsWith('\n')) return line.endsWith('\r\n') ? '\r\n' : '\n';
    }
  }
  return '\n';
}

/**
 * The merged text, conflicts settled as `choices` says (`choices[i]` settles the i-th
 * conflict) and the others as `unsettled` writes them; null when it returns null.
 */
function joinMerge(
  merge: ThreeWayMerge,
  choices: readonly (ConflictChoice | undefined)[],
  unsettled: (chunk: Extract<MergeChunk, { kind: 'conflict' }>, eol: string) => string[] | null,
): string | null {
  const eol = lineEnding(merge);
  let out: string[] = [];
  let conflict = 0;
  for (const chunk of merge.chunks) {
    if (chunk.kind !== 'conflict') {
      out = joinRuns(out, chunk.lines, eol);
      continue;
    }
    const choice = choices[conflict++];
    const lines = choice ? conflictLines(chunk, choice, eol) : unsettled(chunk, eol);
    if (!lines) return null;
    out = joinRuns(out, lines, eol);
  }
  return out.join('');
}

/**
 * The merged text once every conflict has a choice (`choices[i]` settles the i-th conflict);
 * null while one is unsettled.
 */
export function mergedText(
  merge: ThreeWayMerge,
  choices: readonly (ConflictChoice | undefined)[],
): string | null {
  return joinMerge(merge, choices, () => null);
}

/**
 * The merged text for hand editing: settled conflicts as chosen, the others between git's
 * conflict markers (mine first), so the subscriber can finish them in a text box.
 */
export function mergedTextWithMarkers(
  merge: ThreeWayMerge,
  choices: readonly (ConflictChoice | undefined)[],
  labels: { mine: string; theirs: string },
): string {
  return joinMerge(merge, choices, (chunk, eol) => {
    const ended = (lines: string[]) => joinRuns(lines, [''], eol).filter((line) => line !== '');
    return [
      `<<<<<<< ${labels.mine}${eol}`,
      ...ended(chunk.mine),
      `=======${eol}`,
      ...ended(chunk.theirs),
      `>>>>>>> ${labels.theirs}${eol}`,
    ];
  })!;
}

/** Whether a text still holds a conflict marker line. */
export const hasConflictMarkers = (text: string) => /^(<{7}|={7}|>{7})( |$)/m.test(text);
