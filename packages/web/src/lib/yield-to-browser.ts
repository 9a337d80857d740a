/** Main-thread work per slice before the page gets a chance to paint and handle input. */
export const FRAME_BUDGET_MS = 8;
/** The slice while keys arrive: what a key may wait for before it is handled. */
const TYPING_BUDGET_MS = 4;
/** How long after a key the page counts as being typed into. */
const TYPING_MS = 500;
/** A typed key's frame that does not come (a hidden page draws none) is waited for this long. */
const KEY_FRAME_MAX_MS = 100;

interface Scheduler {
  yield?: () => Promise<void>;
  postTask?: (task: () => void, options: { priority: 'background' }) => Promise<void>;
}

const scheduler = () => (globalThis as { scheduler?: Scheduler }).scheduler;

/**
 * Lets the browser paint and run input handlers. Promise chains alone never do: an async
 * loop whose awaits resolve at once is a single long task, however many awaits it has.
 */
export function yieldToBrowser(): Promise<void> {
  const yielding = scheduler()?.yield;
  if (yielding) return yielding.call(scheduler());
  return new Promise((resolve) => setTimeout(resolve, 0));
}

let keyAt = -Infinity;
/** Set from a key's input until the frame that draws it has been drawn. */
let keyDrawn: Promise<void> | null = null;
let watching = false;

/** Once the frame after now has been drawn and the tasks queued meanwhile have run. */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    requestAnimationFrame(() => {
      const postTask = scheduler()?.postTask;
      if (postTask) void postTask.call(scheduler(), finish, { priority: 'background' });
      else setTimeout(finish, 0);
    });
    setTimeout(finish, KEY_FRAME_MAX_MS);
  });
}

/**
 * Runs `run` in a task after the next frame, so that work an effect starts (moving focus, an
 * editor's update) stays out of the task that renders. The returned function cancels it, as
 * long as it has not run: an effect's cleanup.
 */
export function afterFrame(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Keys typed while a sliced loop runs: a continuation yielded before the key would
 * otherwise run its slice between the key and its frame, or right after the frame ahead of
 * everything else the page queued (a yield's continuation outranks other tasks).
 */
function watchTyping() {
  if (watching || typeof addEventListener !== 'function') return;
  watching = true;
  const options = { capture: true, passive: true };
  addEventListener('keydown', () => (keyAt = performance.now()), options);
  addEventListener(
    'input',
    () => {
      keyAt = performance.now();
      if (keyDrawn) return;
      const drawn = afterNextFrame().then(() => {
        if (keyDrawn === drawn) keyDrawn = null;
      });
      keyDrawn = drawn;
    },
    options,
  );
}

/** True from a typed key until its frame has been drawn: updates that can wait, wait. */
export function keyFramePending(): boolean {
  watchTyping();
  return keyDrawn !== null;
}

/** Resolves once no typed key waits for the frame that draws it (at once when none does). */
export async function keyFramesDrawn(): Promise<void> {
  watchTyping();
  while (keyDrawn) await keyDrawn;
}

/**
 * Returns a function to call inside a loop: it yields once each time the budget is spent.
 * While keys are typed the budget is shorter, and after a key the loop waits until the
 * frame that draws it is done. Within the budget it returns nothing, so a loop that awaits
 * only what it is given goes on in the same task (an await of anything is a microtask).
 */
export function frameBudget(budgetMs = FRAME_BUDGET_MS): () => Promise<void> | undefined {
  watchTyping();
  let sliceStart = performance.now();
  const pause = async () => {
    if (!keyDrawn) await yieldToBrowser();
    // A key may have come during the yield.
    while (keyDrawn) await keyDrawn;
    sliceStart = performance.now();
  };
  return () => {
    const now = performance.now();
    const budget = now - keyAt < TYPING_MS ? Math.min(budgetMs, TYPING_BUDGET_MS) : budgetMs;
    return !keyDrawn && now - sliceStart < budget ? undefined : pause();
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
