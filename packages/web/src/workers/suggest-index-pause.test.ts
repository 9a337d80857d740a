import { describe, expect, it } from 'vitest';
import { KEY_DRAWN_TAIL_MS, KEY_PAUSE_MAX_MS, KeyPause } from './suggest-index-pause';

/** A clock moved by hand, and a log of the pause's turns and waits. */
function setUp() {
  let now = 0;
  const log: string[] = [];
  const pause = new KeyPause(
    () => now,
    () => {
      log.push(`turn at ${now}`);
      return Promise.resolve();
    },
    (ms) => {
      log.push(`wait ${ms} at ${now}`);
      now += ms;
      return Promise.resolve();
    },
  );
  return { pause, log, advance: (ms: number) => (now += ms), at: () => now };
}

describe('KeyPause', () => {
  it('goes on in the same task within a slice, and takes one turn at its end', async () => {
    const { pause, log, advance } = setUp();
    advance(2);
    expect(pause.between()).toBeUndefined();
    advance(10);
    await pause.between();
    expect(log).toEqual(['turn at 12']);
    // A new slice starts after the turn.
    advance(1);
    expect(pause.between()).toBeUndefined();
  });

  it('waits at most KEY_PAUSE_MAX_MS for a key whose frame is not reported', async () => {
    const { pause, log, advance, at } = setUp();
    pause.keyTyped(1);
    advance(KEY_PAUSE_MAX_MS + 20);
    await pause.between();
    expect(log).toEqual([`turn at ${KEY_PAUSE_MAX_MS + 20}`]);

    pause.keyTyped(2);
    const typedAt = at();
    advance(7);
    await pause.between();
    expect(log.slice(1)).toEqual([
      `turn at ${typedAt + 7}`,
      `wait ${KEY_PAUSE_MAX_MS - 7} at ${typedAt + 7}`,
    ]);
    expect(at()).toBe(typedAt + KEY_PAUSE_MAX_MS);
  });

  it('goes on shortly after the last key’s frame is drawn, not an earlier key’s', async () => {
    const { pause, log, advance, at } = setUp();
    pause.keyTyped(1);
    pause.keyTyped(2);
    advance(7);
    pause.keyDrawn(1);
    pause.keyDrawn(2);
    await pause.between();
    expect(log).toEqual(['turn at 7', `wait ${KEY_DRAWN_TAIL_MS} at 7`]);
    expect(at()).toBe(7 + KEY_DRAWN_TAIL_MS);
  });

  it('is woken from its wait when the key’s frame is reported meanwhile', async () => {
    let now = 0;
    let ended: (() => void) | null = null;
    const pause = new KeyPause(
      () => now,
      () => Promise.resolve(),
      // A wait that ends only when told: the frame's report must wake the pause first.
      () => new Promise<void>((resolve) => (ended = resolve)),
    );
    pause.keyTyped(1);
    now = 10;
    let done = false;
    const waiting = pause.between()!.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    now = 20;
    pause.keyDrawn(1);
    // The tail's own wait ends by the clock.
    now += KEY_DRAWN_TAIL_MS;
    await waiting;
    expect(done).toBe(true);
    expect(ended).not.toBeNull();
  });
});
