import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { logoutEverywhere, resetAuthForTests } from './session';
import { initialAuthState, useAuthStore } from './store';
import { testUser } from '../../test/user-fixture';

const USER = testUser();

/** The server as a list of answers, in order; each request is recorded with its Bearer token. */
function answers(...responses: Array<[status: number, body?: unknown]>) {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const authorization = (init.headers as Record<string, string>).Authorization ?? '-';
      seen.push(`${init.method} ${url} ${authorization}`);
      const [status, body] = responses.shift() ?? [404, { error: 'not found' }];
      return Promise.resolve(
        new Response(body === undefined ? null : JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return seen;
}

describe('sign out everywhere', () => {
  beforeEach(() => {
    resetAuthForTests();
    useAuthStore.setState({
      ...initialAuthState,
      status: 'authenticated',
      user: USER,
      accessToken: 'jwt-1',
      booting: false,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks the server to end every session, then signs this browser out', async () => {
    const seen = answers([204]);
    queryClient.setQueryData(['blocks', USER.id], [{ id: 'b1' }]);

    await logoutEverywhere();

    expect(seen).toEqual(['POST /api/auth/logout-all Bearer jwt-1']);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'unauthenticated',
      user: null,
      accessToken: null,
      endedBy: 'user',
    });
    expect(queryClient.getQueryData(['blocks', USER.id])).toBeUndefined();
  });

  it('renews an expired access token once and asks again', async () => {
    const seen = answers(
      [401, { error: 'expired', code: 'UNAUTHORIZED' }],
      [200, { accessToken: 'jwt-2' }],
      [204],
    );

    await logoutEverywhere();

    expect(seen).toEqual([
      'POST /api/auth/logout-all Bearer jwt-1',
      'POST /api/auth/refresh?signedOut=answer Bearer jwt-1',
      'POST /api/auth/logout-all Bearer jwt-2',
    ]);
    expect(useAuthStore.getState().status).toBe('unauthenticated');
  });

  it('stays signed in and rejects when the server did not end the sessions', async () => {
    answers([500, { error: 'down' }]);

    await expect(logoutEverywhere()).rejects.toMatchObject({ status: 500 });

    expect(useAuthStore.getState()).toMatchObject({
      status: 'authenticated',
      accessToken: 'jwt-1',
    });
  });
});
