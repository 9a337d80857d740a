import { describe, expect, it } from 'vitest';
import { PASSAGE_FIXTURE, SUGGEST_FIXTURE } from './fixture';
import { indexFile } from './index-file';
import { PASSAGE_CUT, findSorted } from './passages';
import { buildProjectIndex } from './project-index';
import { DEFAULT_WEIGHTS, rankFiles } from './rank';
import { parseRequest } from './request';
import { termHashCounts } from './term-hash-counts';

const index = buildProjectIndex(
  Object.entries({ ...SUGGEST_FIXTURE, ...PASSAGE_FIXTURE.files }).map(([path, text]) =>
    indexFile({ path, text }),
  ),
);
const paths = (weights = DEFAULT_WEIGHTS) =>
  rankFiles(PASSAGE_FIXTURE.request, index, { weights }).map((file) => file.path);

describe('the passage signal', () => {
  it('finds the long file where one function matches a report, and not without it', () => {
    expect(parseRequest(PASSAGE_FIXTURE.request).terms.size).toBeGreaterThan(40);
    const ranked = paths();
    expect(ranked.indexOf(PASSAGE_FIXTURE.answer), ranked.join('\n')).toBe(0);
    const without = paths({ ...DEFAULT_WEIGHTS, passage: 0 });
    expect(without.indexOf(PASSAGE_FIXTURE.other), without.join('\n')).toBe(0);
  });
  it('says which lines match', () => {
    const [top] = rankFiles(PASSAGE_FIXTURE.request, index);
    expect(top!.reasons).toContainEqual(
      expect.objectContaining({ kind: 'passage', from: 61, to: 80 }),
    );
  });
});

/** The passages as their definition reads: each run of lines counted on its own. */
function windowsCounted(text: string, terms: Uint32Array, starts: Uint32Array) {
  const lines = text.split('\n');
  const pairs: [number, number, number][] = [];
  const lengths: number[] = [];
  for (let k = 0; k + 1 < starts.length; k++) {
    const counted = termHashCounts(lines.slice(starts[k], starts[k + 1]).join('\n'));
    const passage = lengths.length;
    lengths.push(counted.length);
    counted.terms.forEach((hash, i) => {
      pairs.push([findSorted(terms, hash), passage, Math.min(counted.counts[i]!, 255)]);
    });
  }
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { lengths, pairs };
}

describe('the passages of an entry', () => {
  it('are runs of lines, each counted as a text of its own', () => {
    const text = [
      ...Object.values(SUGGEST_FIXTURE),
      ...Object.values(PASSAGE_FIXTURE.files),
      'x '.repeat(300),
    ].join('\n// next file\n');
    const entry = indexFile({ path: 'all.py', text });
    const passages = entry.passages!;
    expect(passages.lines[passages.lines.length - 1]).toBe(text.split('\n').length);
    const expected = windowsCounted(text, entry.terms, passages.lines);
    expect([...passages.lengths]).toEqual(expected.lengths);
    const pairs: [number, number, number][] = [];
    for (let term = 0; term < entry.terms.length; term++) {
      for (let k = passages.starts[term]!; k < passages.starts[term + 1]!; k++) {
        pairs.push([term, passages.ids[k]!, passages.counts[k]!]);
      }
    }
    expect(pairs).toEqual(expected.pairs);
  });

  it('end where a definition starts, so that a function is not cut in two', () => {
    const filler = (i: number) => [
      `def place_row_${i}(rows, width):`,
      ...Array.from({ length: 11 }, (_, k) => `    total_${k} = rows[${k}] * width`),
      '',
    ];
    const text = [
      ...[0, 1, 2, 3].flatMap(filler),
      'def pin_heading(view):',
      ...Array.from({ length: 11 }, (_, k) => `    sticky.margin_${k} = view.viewport`),
      ...[4, 5, 6, 7].flatMap(filler),
    ].join('\n');
    // Definitions every 13 lines: cut at the first one 15 lines or more into a passage.
    expect(PASSAGE_CUT).toEqual({ min: 15, max: 45 });
    const entry = indexFile({ path: 'layout.py', text });
    const passages = entry.passages!;
    expect([...passages.lines]).toEqual([0, 26, 52, 77, 103, 115]);
    // pin_heading, lines 52–63, spans a multiple of 30 lines but is whole in one passage.
    const sticky = findSorted(entry.terms, termHashCounts('sticky').terms[0]!);
    const holding = [
      ...passages.ids.subarray(passages.starts[sticky], passages.starts[sticky + 1]),
    ];
    expect(holding).toEqual([2]);
  });

  it('end at their most lines when no definition starts', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `row${i} = ${i}`);
    expect([...indexFile({ path: 'a.py', text: lines.join('\n') }).passages!.lines]).toEqual([
      0, 45, 90, 100,
    ]);
  });

  it('are none for a file of one passage', () => {
    const lines = Array.from({ length: PASSAGE_CUT.max }, (_, i) => `row${i} = ${i}`);
    expect(indexFile({ path: 'a.py', text: lines.join('\n') }).passages).toBeUndefined();
    expect(indexFile({ path: 'a.py', text: `${lines.join('\n')}\n` }).passages).toBeUndefined();
    const longer = indexFile({ path: 'a.py', text: `${lines.join('\n')}\nlast = 1` });
    expect(longer.passages?.lengths).toHaveLength(2);
  });
});
