import type { Lines } from './text';

/** Lines read by the line diff of one stretch at most (about a tenth of a second). */
const MAX_DIFF_STEPS = 10_000_000;

/** The same text and ending (a changed line ending counts as a change). */
const sameLine = (before: Lines, b: number, after: Lines, a: number) =>
  before.texts[b] === after.texts[a] && before.eols[b] === after.eols[a];

/**
 * The shortest edit script's length between before[b0..b1) and after[a0..a1) (Myers'
 * greedy forward pass, which needs no script, only its length), after the common first and
 * last lines are set aside. Added − removed is fixed by the lengths, so the distance gives
 * both. Beyond `maxEdits` (a rewrite of a huge file) every differing line counts.
 */
function editCounts(
  before: Lines,
  b0: number,
  b1: number,
  after: Lines,
  a0: number,
  a1: number,
  maxEdits = 4_000,
): { added: number; removed: number } {
  // Plain numbers and increments, no destructuring: the first plan runs before the
  // optimizing compiler, where each destructuring walks an array's iterator.
  while (b0 < b1 && a0 < a1 && sameLine(before, b0, after, a0)) {
    b0++;
    a0++;
  }
  while (b1 > b0 && a1 > a0 && sameLine(before, b1 - 1, after, a1 - 1)) {
    b1--;
    a1--;
  }
  const n = b1 - b0;
  const m = a1 - a0;
  if (n === 0 || m === 0) return { added: m, removed: n };
  // Each line as a number, equal for lines equal in text and ending, so the search below
  // compares numbers. A replaced stretch often shares no line with its replacement (a diff
  // hunk's - and + lines): then every line counts, without the search.
  const textIds = new Map<string, number>();
  const afterIds = new Int32Array(m);
  for (let a = 0; a < m; a++) {
    const text = after.texts[a0 + a]!;
    let id = textIds.get(text);
    if (id === undefined) textIds.set(text, (id = textIds.size));
    afterIds[a] = 3 * id + after.eols[a0 + a]!;
  }
  // A line whose text the stretch after does not hold matches none of it (-1).
  const beforeIds = new Int32Array(n).fill(-1);
  // Keys (text and ending) the stretch before holds: a line of either side whose key the
  // other lacks is in no common subsequence.
  const inBefore = new Uint8Array(3 * textIds.size);
  let shared = false;
  for (let b = 0; b < n; b++) {
    const id = textIds.get(before.texts[b0 + b]!);
    if (id === undefined) continue;
    shared = true;
    beforeIds[b] = 3 * id + before.eols[b0 + b]!;
    inBefore[beforeIds[b]!] = 1;
  }
  if (!shared) return { added: m, removed: n };
  const inAfter = new Uint8Array(3 * textIds.size);
  for (let a = 0; a < m; a++) inAfter[afterIds[a]!] = 1;
  // The search runs on the lines that have a counterpart: the longest common subsequence is
  // the same, and each line set aside adds one edit. A rewrite that changes scattered lines
  // is then a search over equal sequences, not one round per changed line.
  let n2 = 0;
  for (let b = 0; b < n; b++)
    if (beforeIds[b] !== -1 && inAfter[beforeIds[b]!]) beforeIds[n2++] = beforeIds[b]!;
  let m2 = 0;
  for (let a = 0; a < m; a++) if (inBefore[afterIds[a]!]) afterIds[m2++] = afterIds[a]!;
  const setAside = n - n2 + (m - m2);
  // Each round of the search may read every line: a large rewrite gets fewer rounds. The
  // rounds the lines set aside would have taken are taken off (the same limit as before).
  const limit = Math.min(n + m, maxEdits, Math.floor(MAX_DIFF_STEPS / (n + m))) - setAside;
  const offset = limit + 1;
  const furthest = new Int32Array(Math.max(0, 2 * limit + 3));
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && furthest[offset + k - 1]! < furthest[offset + k + 1]!);
      let x = down ? furthest[offset + k + 1]! : furthest[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n2 && y < m2 && beforeIds[x] === afterIds[y]) {
        x++;
        y++;
      }
      furthest[offset + k] = x;
      if (x >= n2 && y >= m2) {
        const edits = d + setAside;
        return { added: (edits + m - n) / 2, removed: (edits - m + n) / 2 };
      }
    }
  }
  return { added: m, removed: n };
}

/**
 * Lines added and removed between a file's lines as read and after its edits. The runs of
 * lines the edits kept as read (text.ts) come in order, so they anchor the comparison and
 * only the stretches between them are diffed: a few edits in a large file cost little, and
 * a whole-file rewrite (nothing kept) is one line diff.
 */
export function lineChangeCounts(before: Lines, after: Lines): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  let b0 = 0;
  let a0 = 0;
  // Only runs of the very text `before` is, read whole, anchor: their lines are its lines.
  const { kept: read } = before;
  const whole = read.length === 3 && read[1] === 0 && read[2] === before.texts.length;
  const { kept } = after;
  for (let r = 0; whole && after.read === before.read && r < kept.length; r += 3) {
    const a = kept[r]!;
    const b = kept[r + 1]!;
    if (b > b0 || a > a0) {
      const counts = editCounts(before, b0, b, after, a0, a);
      added += counts.added;
      removed += counts.removed;
    }
    b0 = b + kept[r + 2]!;
    a0 = a + kept[r + 2]!;
  }
  const counts = editCounts(before, b0, before.texts.length, after, a0, after.texts.length);
  return { added: added + counts.added, removed: removed + counts.removed };
}
