import { describe, expect, it } from 'vitest';
import { setFileTokens, useTokenStore } from './token-store';

describe('setFileTokens', () => {
  it('keeps the map the tree renders from while no file’s tokens change', () => {
    setFileTokens(new Map([['a.ts', 10]]), { tokens: 20 });
    const kept = useTokenStore.getState().fileTokens;

    // A count after an edit of the request: the same files, the same figures.
    setFileTokens(new Map([['a.ts', 10]]), { tokens: 25 });
    expect(useTokenStore.getState().fileTokens).toBe(kept);
    expect(useTokenStore.getState().tokens).toBe(25);

    setFileTokens(new Map([['a.ts', 11]]), { tokens: 26 });
    expect(useTokenStore.getState().fileTokens).not.toBe(kept);
    expect(useTokenStore.getState().fileTokens.get('a.ts')).toBe(11);

    const one = useTokenStore.getState().fileTokens;
    setFileTokens(new Map([['b.ts', 11]]), { tokens: 26 });
    expect(useTokenStore.getState().fileTokens).not.toBe(one);
    setFileTokens(new Map(), { tokens: 0 });
    const empty = useTokenStore.getState().fileTokens;
    setFileTokens(new Map(), { tokens: 0 });
    expect(useTokenStore.getState().fileTokens).toBe(empty);
  });
});
