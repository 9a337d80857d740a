import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/seeded-random';
import { lineChangeCounts } from './line-counts';
import { EOL_CODE, NO_RUNS, readBody, type Eol, type Lines } from './text';

interface Line {
  text: string;
  eol: Eol;
}

/** Lines an edit wrote (none kept as read: nothing anchors). */
const written = (lines: readonly Line[]): Lines => ({
  texts: lines.map((line) => line.text),
  eols: Uint8Array.from(lines, (line) => EOL_CODE[line.eol]),
  kept: NO_RUNS,
  read: null,
});

const asList = (lines: Lines): Line[] =>
  lines.texts.map((text, k) => ({ text, eol: (['', '\n', '\r\n'] as const)[lines.eols[k]!]! }));

/** Added and removed lines from the longest common subsequence, by the textbook table. */
function reference(before: readonly Line[], after: readonly Line[]) {
  const n = before.length;
  const m = after.length;
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let b = n - 1; b >= 0; b--)
    for (let a = m - 1; a >= 0; a--)
      table[b]![a] =
        before[b]!.text === after[a]!.text && before[b]!.eol === after[a]!.eol
          ? table[b + 1]![a + 1]! + 1
          : Math.max(table[b + 1]![a]!, table[b]![a + 1]!);
  const common = table[0]![0]!;
  return { added: m - common, removed: n - common };
}

describe('lineChangeCounts', () => {
  it('counts a shortest line diff of lines an edit wrote', () => {
    const random = seededRandom(126);
    for (let round = 0; round < 300; round++) {
      const alphabet = 2 + random.int(12);
      const text = Array.from({ length: random.int(60) }, () => `line ${random.int(alphabet)}\n`);
      const read = readBody(text.join('')).lines;
      const before = asList(read);
      const after: Line[] = [];
      for (const line of before) {
        const roll = random.int(10);
        // Written again with the same text, changed, given another ending, dropped, or
        // followed by a new line (no line is kept as the same object: nothing anchors).
        if (roll < 6) after.push({ text: line.text, eol: line.eol });
        else if (roll === 6) after.push({ text: `line ${random.int(alphabet)}`, eol: '\n' });
        else if (roll === 7) after.push({ text: line.text, eol: '\r\n' });
        else if (roll === 8)
          after.push(
            { text: line.text, eol: line.eol },
            { text: `line ${random.int(2 * alphabet)}`, eol: '\n' },
          );
      }
      expect(lineChangeCounts(read, written(after))).toEqual(reference(before, after));
    }
  });

  it('counts every line of a rewrite whose diff would take too long', () => {
    const before = readBody(Array.from({ length: 6_000 }, (_, k) => `a${k}\n`).join('')).lines;
    // Each line moved far from where it was: the shortest diff is long, past the search's limit.
    const list = asList(before);
    const after = written([...list.slice(3_000), ...list.slice(0, 3_000)]);
    expect(lineChangeCounts(before, after)).toEqual({ added: 6_000, removed: 6_000 });
  });
});
