import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useShallowStable } from './use-shallow-stable';

describe('useShallowStable', () => {
  it('keeps the first object while its fields stay the same, a new one once one changes', () => {
    const list = ['a'];
    const { result, rerender } = renderHook(({ n, items }) => useShallowStable({ n, items }), {
      initialProps: { n: 1, items: list },
    });
    const first = result.current;
    rerender({ n: 1, items: list });
    expect(result.current).toBe(first);
    rerender({ n: 1, items: ['a'] });
    expect(result.current).not.toBe(first);
    expect(result.current).toEqual({ n: 1, items: ['a'] });
    const second = result.current;
    rerender({ n: 2, items: second.items });
    expect(result.current).toEqual({ n: 2, items: second.items });
  });
});
