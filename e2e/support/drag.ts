import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Resolves after two animation frames: whatever a key press scheduled has rendered. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/**
 * Reorders a dnd-kit sortable with the keyboard: pick up with Space, move, drop with Space.
 * dnd-kit listens on the document, outside React's discrete events, so each move renders
 * (and picks its drop target) in a later task; on a loaded machine a drop pressed too soon
 * lands on the old target. So: wait for the pick-up (aria-pressed), and let frames pass
 * after every move.
 */
export async function keyboardDrag(
  page: Page,
  handle: Locator,
  direction: 'ArrowUp' | 'ArrowDown',
  steps: number,
): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
  // dnd-kit's keyboard sensor adds its key listeners in a timeout after the pick-up; a press
  // sent before that (a test is faster than a hand) is lost.
  await nextFrames(page);
  await page.waitForTimeout(100);
  // dnd-kit announces each new drop target in its live region: wait for that announcement
  // (a step at the end of the list announces nothing, hence the short bounded wait).
  const announcement = page.locator('[id^="DndLiveRegion"]');
  for (let i = 0; i < steps; i += 1) {
    const before = await announcement.textContent().catch(() => null);
    await page.keyboard.press(direction);
    await expect
      .poll(() => announcement.textContent().catch(() => null), { timeout: 1_500 })
      .not.toBe(before)
      .catch(() => undefined);
    await nextFrames(page);
  }
  // The handle's name may carry its position, so callers check the resulting order instead.
  await page.keyboard.press('Space');
}
