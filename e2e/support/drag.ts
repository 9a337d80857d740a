import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Resolves after two animation frames: whatever a key press scheduled has rendered. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/**
 * Resolves once the page's zero-delay timers queued before this call have run: timers of
 * equal delay fire in the order they were set.
 */
const queuedTimers = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => setTimeout(done, 0)));

/**
 * Resolves once no CSS transition runs in the page: a sortable slides its items into place
 * with transitions, and a key pressed while they run is measured against the old layout.
 */
const transitionsDone = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((animation) => animation instanceof CSSTransition).length,
      ),
    )
    .toBe(0);

/** The element's top edge on screen (a dragged item follows its coordinates by transform). */
const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;

/** Presses allowed per position: small steps (25 px) may take a few to reach the next item. */
const MAX_PRESSES_PER_POSITION = 12;

/**
 * Reorders a dnd-kit sortable with the keyboard: pick up with Space, move it `positions`
 * places, drop with Space. dnd-kit listens on the document, outside React's discrete events,
 * so each press renders (and picks its drop target) in a later task; on a loaded machine a
 * press sent too soon is measured against the old layout or lands on the old target. So
 * every wait is on state: the pick-up (aria-pressed), the sensor's key listeners, then after
 * each press the item having moved and the other items having finished sliding; a position
 * is reached when the live region announces a new drop target (a press of a small step may
 * move the item without reaching the next one yet).
 */
export async function keyboardDrag(
  page: Page,
  handle: Locator,
  direction: 'ArrowUp' | 'ArrowDown',
  positions: number,
): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
  // dnd-kit's keyboard sensor, created by the pick-up, adds its key listeners in a zero-delay
  // timeout; a press sent before that (a test is faster than a hand) is lost.
  await queuedTimers(page);
  const announcement = page.locator('[id^="DndLiveRegion"]');
  for (let moved = 0; moved < positions; moved += 1) {
    const before = await announcement.textContent();
    for (let press = 0; ; press += 1) {
      if (press === MAX_PRESSES_PER_POSITION)
        throw new Error(`no new drop target after ${press} presses of ${direction}`);
      const y = await top(handle);
      await page.keyboard.press(direction);
      await expect.poll(() => top(handle)).not.toBe(y);
      await nextFrames(page);
      await transitionsDone(page);
      if ((await announcement.textContent()) !== before) break;
    }
  }
  // The handle's name may carry its position, so callers check the resulting order instead.
  await page.keyboard.press('Space');
}
