import { TOKENIZER_WARM_UP_SLICES } from '../config/limits';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUp } from './tokenizer-warm-up';

afterEach(() => vi.useRealTimers());

describe('warmUp', () => {
  it('counts slices of distinct source-like texts, one slice per task, then stops', async () => {
    vi.useFakeTimers();
    const counted: string[][] = [];
    warmUp({ countMany: (texts) => Promise.resolve(counted.push(texts)) });
    // Nothing in the task that loaded the tokenizer: the first request goes first.
    expect(counted).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(counted).toHaveLength(1);
    await vi.runAllTimersAsync();
    expect(counted).toHaveLength(TOKENIZER_WARM_UP_SLICES);
    // Each text new to the worker's content-hash cache, so each one is really tokenized.
    const texts = counted.flat();
    expect(new Set(texts).size).toBe(texts.length);
    for (const slice of counted) {
      expect(slice.length).toBeGreaterThan(10);
      expect(slice.join('').length).toBeGreaterThan(10_000);
      expect(slice.join('')).toMatch(/résumé/);
    }
  });
});
