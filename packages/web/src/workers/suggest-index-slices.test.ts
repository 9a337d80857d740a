import { describe, expect, it } from 'vitest';
import { IndexSlices } from './suggest-index-slices';

describe('IndexSlices', () => {
  it('goes on in the same task within a slice, and takes one turn at its end', async () => {
    let now = 0;
    const turns: number[] = [];
    const slices = new IndexSlices(
      () => now,
      () => {
        turns.push(now);
        return Promise.resolve();
      },
    );
    now = 2;
    expect(slices.between()).toBeUndefined();
    now = 12;
    await slices.between();
    expect(turns).toEqual([12]);
    // A new slice starts after the turn.
    now = 13;
    expect(slices.between()).toBeUndefined();
    now = 19;
    await slices.between();
    expect(turns).toEqual([12, 19]);
  });
});
