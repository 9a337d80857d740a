// The app's token bar, watched from the bench: when its count last changed, and clicks
// timed from the click event to the count's last change.
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { watchKeystrokes } from './keystrokes';

/** Waits until the token bar is settled and has not changed for `quietMs`; returns it. */
export async function waitForStableCount(
  page: Page,
  quietMs: number,
): Promise<{ at: number; tokens: number }> {
  for (;;) {
    const state = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { lastChange: number } }).__bench;
      const bar = document.querySelector('[role="progressbar"]');
      return {
        lastChange: bench.lastChange,
        now: performance.now(),
        tokens: Number(bar?.getAttribute('aria-valuenow') ?? 0),
        busy: bar?.getAttribute('aria-busy') === 'true',
      };
    });
    if (state.tokens > 0 && !state.busy && state.now - state.lastChange >= quietMs) {
      return { at: state.lastChange, tokens: state.tokens };
    }
    await delay(100);
  }
}

/** Watches the token bar (the time of its last change) and keystrokes; again after each reload. */
export async function instrument(page: Page): Promise<void> {
  await watchKeystrokes(page);
  await page.evaluate(() => {
    const bench = { lastChange: performance.now() };
    (window as unknown as { __bench: typeof bench }).__bench = bench;
    const bar = document.querySelector('[role="progressbar"]')!;
    new MutationObserver(() => (bench.lastChange = performance.now())).observe(bar, {
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}

/** Waits for the count to move from `previous`, then to hold still for 2 s; returns it. */
export async function waitForNewCount(page: Page, previous: number) {
  await page.waitForFunction(
    (shown) =>
      Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) !==
      shown,
    previous,
    { timeout: 180_000 },
  );
  return waitForStableCount(page, 2_000);
}

/**
 * Clicks `button` and waits for the count to move from what it shows, then to hold still for
 * 2 s: the time from the click to the count's last change.
 */
export async function timeCount(
  page: Page,
  button: string,
): Promise<{ ms: number; tokens: number }> {
  const before = await waitForStableCount(page, 1_000);
  const clicked = await clickTimed(page, button);
  const { at, tokens } = await waitForNewCount(page, before.tokens);
  return { ms: at - (await clicked()), tokens };
}

/**
 * Clicks `button`; resolves to a function giving the click event's time in the page. The
 * user's wait starts there: before it, Playwright finds the button by its role and name
 * (accessible names computed over the whole page), scrolls it into view and waits for it to
 * hold still over two frames — 25–130 ms on this machine, none of it the app's
 * (BENCH_PLAYWRIGHT=1 prints it).
 */
export async function clickTimed(page: Page, button: string): Promise<() => Promise<number>> {
  const before = await page.evaluate(() => {
    const bench = window as unknown as { __clickEvent?: number };
    delete bench.__clickEvent;
    document.addEventListener('click', (event) => (bench.__clickEvent = event.timeStamp), {
      capture: true,
      once: true,
    });
    return performance.now();
  });
  await page.getByRole('button', { name: button, exact: true }).click();
  return async () => {
    const at = await page.evaluate(
      () => (window as unknown as { __clickEvent: number }).__clickEvent,
    );
    if (process.env.BENCH_PLAYWRIGHT === '1')
      console.error(`${button}: Playwright's click took ${(at - before).toFixed(1)} ms`);
    return at;
  };
}
