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

const tokens = new WeakMap<Page, string>();

/**
 * A Bearer token for direct API set-up calls (the app keeps its own only in memory). The
 * refresh runs under the app's own Web Lock, so it never races the app's refresh (a rotated
 * token used twice revokes the whole session), and is done once per page.
 */
export async function accessToken(page: Page): Promise<string> {
  const cached = tokens.get(page);
  if (cached) return cached;
  const token = await page.evaluate(() =>
    navigator.locks.request('promptloom-refresh', async () => {
      const response = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      return ((await response.json()) as { accessToken: string }).accessToken;
    }),
  );
  tokens.set(page, token);
  return token;
}

/** A JSON API call as the page's signed-in user, for test set-up. */
export async function apiCall<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const token = await accessToken(page);
  return page.evaluate(
    async ({ method, url, body, token }) => {
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
      return (await response.json()) as T;
    },
    { method, url, body, token },
  );
}
