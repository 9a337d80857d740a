import { describe, expect, it } from 'vitest';
import { commonEnds } from './common-ends';

describe('commonEnds', () => {
  it('counts the shared first and last lines around a changed middle', () => {
    expect(commonEnds(['a', 'b', 'c', 'd'], ['a', 'x', 'y', 'd'])).toEqual({ head: 1, tail: 1 });
  });

  it('never lets the tail reach into the head', () => {
    expect(commonEnds(['a', 'a'], ['a'])).toEqual({ head: 1, tail: 0 });
    expect(commonEnds(['a', 'b'], ['a', 'b'])).toEqual({ head: 2, tail: 0 });
  });

  it('shares nothing with an empty side', () => {
    expect(commonEnds([], ['a'])).toEqual({ head: 0, tail: 0 });
  });
});
