/** Main-thread work per slice before the page gets a chance to paint and handle input. */
export const FRAME_BUDGET_MS = 8;

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Lets the browser paint and run input handlers. Promise chains alone never do: an async
 * loop whose awaits resolve at once is a single long task, however many awaits it has.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Returns a function to call inside a loop: it yields once each time the budget is spent. */
export function frameBudget(budgetMs = FRAME_BUDGET_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < budgetMs) return;
    await yieldToBrowser();
    sliceStart = performance.now();
  };
}

/**
 * Resolves when the main thread is idle (between frames, no input waiting), or after
 * `timeoutMs` at the latest: for work nobody waits on, such as writing a cache.
 */
export function whenIdle(timeoutMs = 1_000): Promise<void> {
  if (typeof requestIdleCallback === 'function') {
    return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: timeoutMs }));
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
