import { describe, expect, it } from 'vitest';
import { KEY_PAUSE_MS, KeyPause } from './suggest-index-pause';

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

  it('waits out a key reported before the slice ended, not one reported long before', async () => {
    const { pause, log, advance, at } = setUp();
    pause.keyTyped();
    advance(KEY_PAUSE_MS + 20);
    await pause.between();
    expect(log).toEqual([`turn at ${KEY_PAUSE_MS + 20}`]);

    pause.keyTyped();
    const typedAt = at();
    advance(7);
    await pause.between();
    expect(log.slice(1)).toEqual([
      `turn at ${typedAt + 7}`,
      `wait ${KEY_PAUSE_MS - 7} at ${typedAt + 7}`,
    ]);
    expect(at()).toBe(typedAt + KEY_PAUSE_MS);
  });
});
