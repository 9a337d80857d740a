import { describe, expect, it } from 'vitest';
import {
  hasConflictMarkers,
  linesWithEnds,
  mergedText,
  mergedTextWithMarkers,
  mergeThreeWay,
} from './three-way';

describe('mergeThreeWay', () => {
  it('names who changed each stretch, with the base lines it replaced', () => {
    const merge = mergeThreeWay('a\nb\nc\nd\ne\nf\n', 'a\nB\nc\nd\ne\nf\n', 'a\nb\nc\nd\nE\nf\n');
    expect(merge.conflicts).toBe(0);
    expect(merge.chunks).toEqual([
      { kind: 'same', lines: ['a\n'] },
      { kind: 'mine', lines: ['B\n'], base: ['b\n'] },
      { kind: 'same', lines: ['c\n', 'd\n'] },
      { kind: 'theirs', lines: ['E\n'], base: ['e\n'] },
      { kind: 'same', lines: ['f\n'] },
    ]);
    expect(mergedText(merge, [])).toBe('a\nB\nc\nd\nE\nf\n');
  });

  it('reports a deletion by either side with the lines it took away', () => {
    const merge = mergeThreeWay('a\nb\nc\nd\ne\nf\n', 'a\nc\nd\ne\nf\n', 'a\nb\nc\nd\ne\n');
    expect(merge.chunks).toContainEqual({ kind: 'mine', lines: [], base: ['b\n'] });
    expect(merge.chunks).toContainEqual({ kind: 'theirs', lines: [], base: ['f\n'] });
    expect(mergedText(merge, [])).toBe('a\nc\nd\ne\n');
  });

  it('takes the same change made on both sides once', () => {
    const merge = mergeThreeWay('a\nb\nc\n', 'a\nX\nc\n', 'a\nX\nc\n');
    expect(merge.chunks[1]).toEqual({ kind: 'both', lines: ['X\n'], base: ['b\n'] });
    expect(mergedText(merge, [])).toBe('a\nX\nc\n');
  });

  it('leaves a conflict unsettled until it has a choice', () => {
    const merge = mergeThreeWay('a\nb\nc\n', 'a\nmine\nc\n', 'a\ntheirs\nc\n');
    expect(merge.conflicts).toBe(1);
    expect(mergedText(merge, [])).toBeNull();
    expect(mergedText(merge, ['mine'])).toBe('a\nmine\nc\n');
    expect(mergedText(merge, ['theirs'])).toBe('a\ntheirs\nc\n');
    expect(mergedText(merge, ['both'])).toBe('a\nmine\ntheirs\nc\n');
  });

  it('keeps CRLF and a missing final newline, ending a side that lacks one before "both"', () => {
    const merge = mergeThreeWay('a\r\nb', 'a\r\nmine', 'a\r\ntheirs');
    expect(mergedText(merge, ['both'])).toBe('a\r\nmine\r\ntheirs');
    expect(linesWithEnds('x\r\ny')).toEqual(['x\r\n', 'y']);
    expect(linesWithEnds('')).toEqual([]);
  });

  it('writes the unsettled conflicts between markers for hand editing', () => {
    const merge = mergeThreeWay(
      'a\nb\nc\nd\ne\nf\ng\n',
      'A\nb\nc\nd\ne\nf\nmine',
      'T\nb\nc\nd\ne\nf\ntheirs',
    );
    const text = mergedTextWithMarkers(merge, ['both'], { mine: 'Yours', theirs: 'v2' });
    expect(text).toBe('A\nT\nb\nc\nd\ne\nf\n<<<<<<< Yours\nmine\n=======\ntheirs\n>>>>>>> v2\n');
    expect(hasConflictMarkers(text)).toBe(true);
    expect(hasConflictMarkers(mergedText(merge, ['both', 'theirs'])!)).toBe(false);
  });
});
