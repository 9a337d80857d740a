import { describe, expect, it, vi } from 'vitest';
import { afterFrame, frameBudget } from './yield-to-browser';

describe('frameBudget', () => {
  it('lets a pending macrotask run once the budget is spent, and gives nothing to await before', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const ran: string[] = [];
    setTimeout(() => ran.push('timer'), 0);
    const checkpoint = frameBudget(8);

    // Within the budget nothing is returned to await: a loop goes on in the same task.
    vi.advanceTimersByTime(5);
    expect(checkpoint()).toBeUndefined();
    await Promise.resolve();
    expect(ran).toEqual([]);

    vi.advanceTimersByTime(5);
    await checkpoint();
    expect(ran).toEqual(['timer']);
    vi.useRealTimers();
  });
});

describe('frameBudget while keys are typed', () => {
  it('waits after a key until the frame that draws it, then slices at the typing budget', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const order: string[] = [];
    const checkpoint = frameBudget(8);
    window.dispatchEvent(new Event('input'));
    requestAnimationFrame(() => order.push('frame'));

    // Budget unspent, yet the loop does not go on before the key's frame.
    await checkpoint();
    order.push('resumed');
    expect(order).toEqual(['frame', 'resumed']);

    // 5 ms is within the usual 8 ms but past the 4 ms allowed while typing.
    setTimeout(() => order.push('timer'), 0);
    vi.advanceTimersByTime(5);
    await checkpoint();
    expect(order).toEqual(['frame', 'resumed', 'timer']);
    vi.useRealTimers();
  });
});

describe('afterFrame', () => {
  it('runs in a task after the next frame, not in the frame itself', () => {
    vi.useFakeTimers();
    const order: string[] = [];
    afterFrame(() => order.push('run'));
    requestAnimationFrame(() => order.push('frame'));
    expect(order).toEqual([]);

    vi.advanceTimersToNextFrame();
    expect(order).toEqual(['frame']);
    vi.runOnlyPendingTimers();
    expect(order).toEqual(['frame', 'run']);
    vi.useRealTimers();
  });

  it('does not run once cancelled, before the frame or between the frame and its task', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const beforeFrame = afterFrame(() => ran.push('before the frame'));
    const afterTheFrame = afterFrame(() => ran.push('after the frame'));
    beforeFrame();
    vi.advanceTimersToNextFrame();
    afterTheFrame();
    vi.runAllTimers();
    expect(ran).toEqual([]);
    vi.useRealTimers();
  });
});
