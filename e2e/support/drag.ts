import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Reorders a dnd-kit sortable with the keyboard: pick up with Space, move, drop with Space.
 * dnd-kit marks the handle aria-pressed while dragging; waiting for it keeps the arrows
 * from landing before the pick-up on a loaded machine.
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
  for (let i = 0; i < steps; i += 1) await page.keyboard.press(direction);
  // The handle's name may carry its position, so callers check the resulting order instead.
  await page.keyboard.press('Space');
}
