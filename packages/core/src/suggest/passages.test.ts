import { describe, expect, it } from 'vitest';
import { PASSAGE_FIXTURE, SUGGEST_FIXTURE } from './fixture';
import { indexFile } from './index-file';
import { PASSAGE_LINES, findSorted } from './passages';
import { buildProjectIndex } from './project-index';
import { rankFiles } from './rank';
import { DEFAULT_WEIGHTS } from './weights';
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
      expect.objectContaining({ kind: 'passage', from: 2 * PASSAGE_LINES + 1 }),
    );
  });
});

/** The passages as their definition reads: each window of lines counted on its own. */
function windowsCounted(text: string, terms: Uint32Array) {
  const lines = text.split('\n');
  const pairs: [number, number, number][] = [];
  const lengths: number[] = [];
  for (let from = 0; from < lines.length; from += PASSAGE_LINES) {
    const counted = termHashCounts(lines.slice(from, from + PASSAGE_LINES).join('\n'));
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
  it('are the windows of 30 lines, each counted as a text of its own', () => {
    const text = [
      ...Object.values(SUGGEST_FIXTURE),
      ...Object.values(PASSAGE_FIXTURE.files),
      'x '.repeat(300),
    ].join('\n// next file\n');
    const entry = indexFile({ path: 'all.py', text });
    const passages = entry.passages!;
    const expected = windowsCounted(text, entry.terms);
    expect([...passages.lengths]).toEqual(expected.lengths);
    const pairs: [number, number, number][] = [];
    for (let term = 0; term < entry.terms.length; term++) {
      for (let k = passages.starts[term]!; k < passages.starts[term + 1]!; k++) {
        pairs.push([term, passages.ids[k]!, passages.counts[k]!]);
      }
    }
    expect(pairs).toEqual(expected.pairs);
  });

  it('are none for a file of one window', () => {
    const lines = Array.from({ length: PASSAGE_LINES }, (_, i) => `row${i} = ${i}`);
    expect(indexFile({ path: 'a.py', text: lines.join('\n') }).passages).toBeUndefined();
    expect(indexFile({ path: 'a.py', text: `${lines.join('\n')}\n` }).passages).toBeUndefined();
    const longer = indexFile({ path: 'a.py', text: `${lines.join('\n')}\nlast = 1` });
    expect(longer.passages?.lengths).toHaveLength(2);
  });
});
