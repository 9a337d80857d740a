import { describe, expect, it, vi } from 'vitest';
import { UserWriteGate } from './write-fairness';

describe('UserWriteGate', () => {
  it('runs each user’s writes in arrival order and other users’ at once', async () => {
    const gate = new UserWriteGate({ inFlight: 1, waitingMax: 2, spacingMs: 0 });
    const order: string[] = [];
    const first = await gate.enter('ada')!;
    const second = gate.enter('ada')!.then((release) => (order.push('second'), release));
    const third = gate.enter('ada')!.then((release) => (order.push('third'), release));
    expect(gate.enter('ada')).toBeNull();
    const bob = await gate.enter('bob')!;
    expect(gate.load('bob')).toEqual({ running: 1, waiting: 0 });

    first();
    (await second)();
    (await third)();
    bob();
    expect(order).toEqual(['second', 'third']);
    expect(gate.load('ada')).toEqual({ running: 0, waiting: 0 });
    expect(gate.load('bob')).toEqual({ running: 0, waiting: 0 });
  });

  it('starts one user’s turns the spacing apart on its clock, even for a loop that waits for each answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let clock = 1_000;
      const gate = new UserWriteGate({
        inFlight: 1,
        waitingMax: 2,
        spacingMs: 60,
        now: () => clock,
      });
      const elapse = async (ms: number) => {
        clock += ms;
        await vi.advanceTimersByTimeAsync(ms);
      };
      (await gate.enter('ada')!)();
      let started = false;
      const second = gate.enter('ada')!.then((release) => ((started = true), release));
      await elapse(59);
      expect(started).toBe(false);
      await elapse(1);
      expect(started).toBe(true);
      (await second)();
      expect(gate.load('ada')).toEqual({ running: 0, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
