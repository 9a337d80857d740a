import { useEffect, useState } from 'react';

/**
 * A cost counted one task after the prompt's own count, which the same change started and the
 * bar waits on: `count` runs again whenever `sources` or `count` changes (pass memoised ones).
 * Null while counting, when there is nothing to count, or when the count was skipped.
 */
export function useCostAfterCount<S>(
  sources: S | null,
  count: (sources: S, isStale: () => boolean) => Promise<number | null>,
  skippedMessage: string,
): number | null {
  const [cost, setCost] = useState<{ for: unknown; tokens: number } | null>(null);
  useEffect(() => {
    if (!sources) return;
    let stale = false;
    const timer = setTimeout(() => {
      void count(sources, () => stale)
        .then((tokens) => {
          if (!stale && tokens !== null) setCost({ for: sources, tokens });
        })
        .catch((error: unknown) => console.warn(skippedMessage, error));
    }, 0);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [sources, count, skippedMessage]);
  return cost && cost.for === sources ? cost.tokens : null;
}
