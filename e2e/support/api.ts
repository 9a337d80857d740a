import type { Page } from 'playwright-core';

/**
 * Calls the API from the page as its signed-in user: a fresh access token from the refresh
 * cookie, then the request. Resolves the JSON answer (an empty object for a 204).
 */
export async function apiAs<T>(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      const { accessToken } = (await refresh.json()) as { accessToken: string };
      const response = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.status === 204 ? {} : ((await response.json()) as unknown);
    },
    { method, path, body },
  ) as Promise<T>;
}

/** Creates a plain (STATIC) block for the page's user. */
export function createStaticBlock(page: Page, name: string, content = `${name} content.`) {
  return apiAs<{ id: string; name: string }>(page, 'POST', '/api/blocks', {
    name,
    content,
    type: 'STATIC',
  });
}
