import { describe, expect, it } from 'vitest';
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

  it('starts one user’s turns the spacing apart, even for a loop that waits for each answer', async () => {
    const gate = new UserWriteGate({ inFlight: 1, waitingMax: 2, spacingMs: 60 });
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const release = await gate.enter('ada')!;
      starts.push(performance.now());
      release();
    }
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(55);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(55);
  });
});
