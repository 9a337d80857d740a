import { afterEach, describe, expect, it, vi } from 'vitest';
import { largestFiles } from '../src/pack/largest-files';

describe('largestFiles', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives what sorting every file gives: most tokens first, ties by path', () => {
    const tokens = new Map<string, number>();
    // Many ties, in no order: the top five cut through a tie.
    for (let i = 0; i < 500; i++) tokens.set(`src/f${(i * 37) % 500}.ts`, (i * 13) % 7);
    tokens.set('b.ts', 9);
    tokens.set('a.ts', 9);
    const sorted = [...tokens]
      .map(([path, count]) => ({ path, tokens: count }))
      .sort((a, b) => b.tokens - a.tokens || a.path.localeCompare(b.path))
      .slice(0, 5);
    expect(largestFiles(tokens)).toEqual(sorted);
    expect(
      largestFiles(tokens)
        .slice(0, 2)
        .map((file) => file.path),
    ).toEqual(['a.ts', 'b.ts']);
  });

  it('lists every file when there are fewer than five', () => {
    const tokens = new Map([
      ['x.ts', 1],
      ['y.ts', 3],
    ]);
    expect(largestFiles(tokens)).toEqual([
      { path: 'y.ts', tokens: 3 },
      { path: 'x.ts', tokens: 1 },
    ]);
  });

  it('compares no paths when the five largest counts differ (no collator loaded)', () => {
    const tokens = new Map<string, number>();
    for (let i = 0; i < 300; i++) tokens.set(`src/f${i}.ts`, i % 40);
    for (let i = 1; i <= 5; i++) tokens.set(`big${i}.ts`, 1000 * i);
    const compare = vi.spyOn(String.prototype, 'localeCompare');
    expect(largestFiles(tokens).map((file) => file.path)).toEqual([
      'big5.ts',
      'big4.ts',
      'big3.ts',
      'big2.ts',
      'big1.ts',
    ]);
    expect(compare).not.toHaveBeenCalled();
  });
});
