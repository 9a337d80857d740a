import { TokenCountCache } from './count-cache';
import { estimateTokens } from './estimate';

/** Synchronous counting, as run inside a worker. */
export interface TokenCounter {
  count(text: string): number;
}

/** Counting that may run elsewhere (a worker pool in Node, a Web Worker in the browser). */
export interface AsyncTokenCounter {
  countMany(texts: readonly string[]): Promise<number[]>;
}

export const estimateCounter: TokenCounter = { count: estimateTokens };

/** Lifts a synchronous counter (same thread) to the async interface. */
export function asAsyncCounter(counter: TokenCounter): AsyncTokenCounter {
  return { countMany: (texts) => Promise.resolve(texts.map((t) => counter.count(t))) };
}

/**
 * Puts a content-hash cache in front of a counter: only texts never seen are sent on, each
 * distinct text once. If the inner counter fails, the character-based estimate (estimate.ts)
 * answers instead.
 */
export class CachedTokenCounter implements AsyncTokenCounter {
  constructor(
    readonly inner: AsyncTokenCounter,
    readonly cache = new TokenCountCache(),
  ) {}

  async countMany(texts: readonly string[]): Promise<number[]> {
    return (await this.countManyDetailed(texts)).counts;
  }

  /**
   * Counts plus how many distinct texts had to be sent to the inner counter, and each text's
   * cache key (its hashText), which a caller may keep instead of hashing the text again.
   */
  async countManyDetailed(
    texts: readonly string[],
  ): Promise<{ counts: number[]; misses: number; keys: string[] }> {
    const keys = texts.map((t) => this.cache.key(t));
    const results = keys.map((k) => this.cache.get(k));
    const missing = new Map<string, string>();
    results.forEach((count, i) => {
      if (count === undefined) missing.set(keys[i]!, texts[i]!);
    });
    if (missing.size > 0) {
      const missKeys = [...missing.keys()];
      const missTexts = [...missing.values()];
      let counts: number[];
      try {
        counts = await this.inner.countMany(missTexts);
      } catch {
        counts = missTexts.map(estimateTokens);
      }
      missKeys.forEach((key, i) => this.cache.set(key, counts[i]!));
    }
    const counts = keys.map((k, i) => results[i] ?? this.cache.get(k) ?? estimateTokens(texts[i]!));
    return { counts, misses: missing.size, keys };
  }

  async count(text: string): Promise<number> {
    const [count] = await this.countMany([text]);
    return count!;
  }
}
