import type { ClosestLines } from './types';

/**
 * The window of `lines` most like `wanted` (the lines a failed block looked for): each line
 * of `wanted` found in the file (ignoring surrounding spaces) votes for the window that
 * would align it; the window with most votes wins. Null when no line is shared.
 */
export function closestLines(
  lines: readonly string[],
  wanted: readonly string[],
): ClosestLines | null {
  const meaningful = wanted.map((line) => line.trim());
  if (lines.length === 0 || meaningful.every((line) => line === '')) return null;
  const positions = new Map<string, number[]>();
  lines.forEach((line, index) => {
    const key = line.trim();
    if (key === '') return;
    const list = positions.get(key);
    if (list) list.push(index);
    else positions.set(key, [index]);
  });
  const votes = new Map<number, number>();
  meaningful.forEach((line, offset) => {
    if (line === '') return;
    for (const at of positions.get(line) ?? []) {
      const start = at - offset;
      votes.set(start, (votes.get(start) ?? 0) + 1);
    }
  });
  let best: number | null = null;
  let bestVotes = 0;
  for (const [start, count] of votes) {
    if (count > bestVotes || (count === bestVotes && best !== null && start < best)) {
      [best, bestVotes] = [start, count];
    }
  }
  if (best === null) return null;
  const start = Math.max(0, best);
  const end = Math.min(lines.length, best + wanted.length);
  const text = lines.slice(start, end).join('\n');
  return { startLine: start + 1, endLine: end, text, similarity: 0, words: [] };
}
