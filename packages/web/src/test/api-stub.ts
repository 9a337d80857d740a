import { vi } from 'vitest';

/** A JSON response as the API sends it, for a stubbed fetch to answer with. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Stubs fetch with an API that answers `routes`, keyed `METHOD url` (`GET /api/auth/me`);
 * any other request answers 404. Returns the mock, whose calls are the requests made.
 */
export function mockServer(routes: Record<string, (init: RequestInit) => Response>) {
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    const route = routes[`${init.method} ${url}`];
    return Promise.resolve(route ? route(init) : json(404, { error: 'not found' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
