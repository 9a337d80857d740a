/**
 * Runs at most `max` tasks at once; the others wait their turn in order. The scan and the
 * worker's walk ahead of it list folders through the same bound, so both keep the same number
 * of listings in flight.
 */
export function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
