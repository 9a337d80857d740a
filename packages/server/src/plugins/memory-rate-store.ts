type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result: Result | null) => void;

/** Keys one store remembers before it forgets the least recently counted (as the plugin's). */
const KEYS_MAX = 5_000;

/**
 * A rate-limit store in this instance's memory, on the app's clock (`app.now`): the same
 * fixed windows as @fastify/rate-limit's own LocalStore, which reads Date.now, so that a test
 * moves a window by moving the clock instead of waiting for it. A window starts with a key's
 * first request and ends `timeWindow` ms later; the least recently counted keys are dropped
 * past KEYS_MAX.
 */
export class MemoryRateStore {
  private readonly windows = new Map<string, { count: number; startMs: number }>();

  constructor(private readonly now: () => number) {}

  incr(key: string, callback: Callback, timeWindow: number, _max: number): void {
    const nowMs = this.now();
    let window = this.windows.get(key);
    if (!window || window.startMs + timeWindow <= nowMs) window = { count: 0, startMs: nowMs };
    window.count++;
    // Re-inserted, so the map's first key is the least recently counted one.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > KEYS_MAX) this.windows.delete(this.windows.keys().next().value!);
    callback(null, { current: window.count, ttl: timeWindow - (nowMs - window.startMs) });
  }

  /** Each route (and each app.rateLimit) counts in a store of its own, as the plugin's does. */
  child(): MemoryRateStore {
    return new MemoryRateStore(this.now);
  }
}

/** The store class the plugin instantiates itself, bound to a clock. */
export function memoryRateStoreClass(now: () => number) {
  return class extends MemoryRateStore {
    constructor() {
      super(now);
    }
  };
}
