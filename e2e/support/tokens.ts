import type { Page } from 'playwright-core';

/** The summary bar's token progress bar. */
const tokenBar = (page: Page) => page.getByRole('progressbar', { name: 'Token count' });

/**
 * The token bar's figures once they are final: waits until the bar is not aria-busy (no
 * count waiting for the request's pause in typing, queued or running), then reads the count
 * and the budget it is held against.
 */
export async function settledTokens(
  page: Page,
  { timeout }: { timeout?: number } = {},
): Promise<{ count: number; max: number }> {
  const bar = tokenBar(page);
  await bar.and(page.locator('[aria-busy="false"]')).waitFor({ timeout });
  const count = Number(await bar.getAttribute('aria-valuenow'));
  const max = Number(await bar.getAttribute('aria-valuemax'));
  return { count, max };
}
