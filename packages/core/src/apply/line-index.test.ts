import { describe, expect, it } from 'vitest';
import { findExact, findIndexed, keyedLines } from './line-index';
import { searchBudget } from './line-search';
import { linesOf } from './text';
import { parseAnswer, planApply } from '.';

function naive(file: string[], pattern: string[]): number[] {
  const found: number[] = [];
  for (let at = 0; at + pattern.length <= file.length; at++)
    if (pattern.every((text, j) => file[at + j] === text)) found.push(at);
  return found;
}

describe('findIndexed', () => {
  it('finds every place a block is, as a line-by-line comparison does (rare and common lines)', () => {
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 300; round++) {
      const vocabulary = 1 + next(6);
      const file = Array.from({ length: next(60) }, () => `l${next(vocabulary)}`);
      const start = next(Math.max(1, file.length));
      const pattern =
        next(3) === 0
          ? Array.from({ length: 1 + next(4) }, () => `l${next(vocabulary + 1)}`)
          : file.slice(start, start + 1 + next(5));
      const lines = linesOf(file, '\n');
      const budget = searchBudget();
      const index = keyedLines(lines, 'exact', budget)!;
      expect(
        findIndexed(index, pattern, budget),
        `${file.join(' ')} / ${pattern.join(' ')}`,
      ).toEqual(naive(file, pattern));
    }
  });
});

describe('findExact', () => {
  it('finds what the index finds and spends the same budget, searched once and again', () => {
    let seed = 11;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 300; round++) {
      const vocabulary = 1 + next(6);
      const file = Array.from({ length: next(60) }, () => `l${next(vocabulary)}`);
      const start = next(Math.max(1, file.length));
      const pattern = () =>
        next(3) === 0
          ? Array.from({ length: next(5) }, () => `l${next(vocabulary + 1)}`)
          : file.slice(start, start + 1 + next(5));
      const patterns = [pattern(), pattern(), pattern()];
      // A small budget for some rounds, so that running out is compared as well.
      const left = next(2) === 0 ? next(150) : 1_000_000;
      const scanned = { left, hints: 0, hintLines: 0 };
      const indexed = { left, hints: 0, hintLines: 0 };
      const scannedLines = linesOf(file, '\n');
      const indexedLines = linesOf(file, '\n');
      for (const wanted of patterns) {
        const index = keyedLines(indexedLines, 'exact', indexed);
        const expected = index && findIndexed(index, wanted, indexed);
        const label = `${file.join(' ')} / ${wanted.join(' ')} / ${left}`;
        expect(findExact(scannedLines, wanted, scanned), label).toEqual(expected);
        expect(scanned.left, label).toBe(indexed.left);
      }
    }
  });
});

describe('a file with many failed blocks', () => {
  it('reports its first 100 failures and counts the blocks not tried after them', () => {
    const blocks = Array.from(
      { length: 150 },
      (_, k) => `a.ts\n\`\`\`\n<<<<<<< SEARCH\nmissing ${k}\n=======\nx\n>>>>>>> REPLACE\n\`\`\`\n`,
    );
    const plan = planApply(parseAnswer(blocks.join('')), new Map([['a.ts', { text: 'a\n' }]]));
    const [file] = plan.files;
    expect(file?.status).toBe('failed');
    expect(file?.failures).toHaveLength(101);
    expect(file?.failures.at(-1)).toMatchObject({
      code: 'BLOCKS_NOT_TRIED',
      params: { path: 'a.ts', skipped: 50, limit: 100 },
    });
  });
});
