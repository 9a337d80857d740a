import { TOKENIZER_WARM_UP_SLICES } from '@promptloom/core/limits';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUp } from './tokenizer-warm-up';

afterEach(() => vi.useRealTimers());

describe('warmUp', () => {
  it('counts distinct source-like slices, one per task, then stops', async () => {
    vi.useFakeTimers();
    const counted: string[][] = [];
    warmUp({ countMany: (texts) => Promise.resolve(counted.push(texts)) });
    // Nothing in the task that loaded the tokenizer: the first request goes first.
    expect(counted).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(counted).toHaveLength(1);
    await vi.runAllTimersAsync();
    expect(counted).toHaveLength(TOKENIZER_WARM_UP_SLICES);
    const texts = counted.map(([text]) => text!);
    // Each slice new to the worker's content-hash cache, so each one is really tokenized.
    expect(new Set(texts).size).toBe(TOKENIZER_WARM_UP_SLICES);
    for (const text of texts) {
      expect(text.length).toBeGreaterThan(10_000);
      expect(text).toMatch(/résumé/);
    }
  });
});
