import { describe, expect, it, vi } from 'vitest';
import { frameBudget } from './yield-to-browser';

describe('frameBudget', () => {
  it('lets a pending macrotask run once the budget is spent, not before', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const ran: string[] = [];
    setTimeout(() => ran.push('timer'), 0);
    const checkpoint = frameBudget(8);

    vi.advanceTimersByTime(5);
    await checkpoint();
    expect(ran).toEqual([]);

    vi.advanceTimersByTime(5);
    await checkpoint();
    expect(ran).toEqual(['timer']);
    vi.useRealTimers();
  });
});
