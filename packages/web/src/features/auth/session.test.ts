import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { registerReset } from '../../lib/reset-registry';
import {
  AUTH_CHANNEL,
  logout,
  REFRESH_LOCK,
  RENEW_BEFORE_END_MS,
  resetAuthForTests,
  retryStartAuth,
  startAuth,
  tokenLifetimeMs,
} from './session';
import { initialAuthState, useAuthStore } from './store';
import { signInTestUser, testUser } from '../../test/user-fixture';
import { json, mockServer } from '../../test/api-stub';

const USER = testUser();

const calls = (fetchMock: ReturnType<typeof mockServer>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`);
const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

beforeEach(() => {
  resetAuthForTests();
  useAuthStore.setState({ ...initialAuthState });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'locks');
});

describe('auth start-up', () => {
  it('refreshes, then fetches the user with the new token', async () => {
    const fetchMock = mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: 'jwt-1' }),
      'GET /api/auth/me': (init) =>
        bearer(init) === 'Bearer jwt-1' ? json(200, USER) : json(401, { error: 'no' }),
    });
    expect(useAuthStore.getState()).toMatchObject({ status: 'loading', booting: true });

    await startAuth();

    expect(calls(fetchMock)).toEqual([
      'POST /api/auth/refresh?signedOut=answer',
      'GET /api/auth/me',
    ]);
    expect(fetchMock.mock.calls[0]![1].credentials).toBe('include');
    expect(useAuthStore.getState()).toMatchObject({
      status: 'authenticated',
      user: USER,
      accessToken: 'jwt-1',
      booting: false,
    });
  });

  it('keeps the loading status while the user is fetched after the refresh', async () => {
    let answerMe!: () => void;
    mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: 'jwt-1' }),
    });
    vi.mocked(fetch).mockImplementation((url) =>
      url === '/api/auth/me'
        ? new Promise((resolve) => (answerMe = () => resolve(json(200, USER))))
        : Promise.resolve(json(200, { accessToken: 'jwt-1' })),
    );

    const started = startAuth();
    await vi.waitFor(() => expect(useAuthStore.getState().booting).toBe(false));
    expect(useAuthStore.getState().status).toBe('loading');
    answerMe();
    await started;
    expect(useAuthStore.getState().status).toBe('authenticated');
  });

  it('is unauthenticated without fetching the user when the refresh fails', async () => {
    const fetchMock = mockServer({
      'POST /api/auth/refresh?signedOut=answer': () =>
        json(401, { error: 'Session invalide ou expirée.' }),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await startAuth();

    expect(calls(fetchMock)).toEqual(['POST /api/auth/refresh?signedOut=answer']);
    // A signed-out visit is no failure: nothing in the console.
    expect(warn).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({
      status: 'unauthenticated',
      user: null,
      accessToken: null,
      booting: false,
    });
  });

  it("starts signed out, quietly, on the server's signed-out answer", async () => {
    // No spy on the console: a warning or an error fails the test (fail-on-console).
    const fetchMock = mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: null }),
    });

    await startAuth();

    expect(calls(fetchMock)).toEqual(['POST /api/auth/refresh?signedOut=answer']);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'unauthenticated',
      accessToken: null,
      booting: false,
      unreachable: false,
    });
  });

  it('clears the token when the user fetch is refused', async () => {
    mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: 'jwt-1' }),
      'GET /api/auth/me': () => json(401, { error: 'no' }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    await startAuth();

    expect(useAuthStore.getState()).toMatchObject({
      status: 'unauthenticated',
      user: null,
      accessToken: null,
      unreachable: false,
    });
  });

  it('is unreachable, not signed out, when the refresh gets no answer; Retry starts again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await startAuth();

    expect(useAuthStore.getState()).toMatchObject({
      status: 'loading',
      booting: false,
      unreachable: true,
    });

    mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: 'jwt-1' }),
      'GET /api/auth/me': () => json(200, USER),
    });
    await retryStartAuth();
    expect(useAuthStore.getState()).toMatchObject({
      status: 'authenticated',
      user: USER,
      unreachable: false,
    });
  });

  it.each([500, 502, 503])('is unreachable when the server answers %i', async (status) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(status, { error: 'down' }),
    });
    await startAuth();
    expect(useAuthStore.getState()).toMatchObject({ status: 'loading', unreachable: true });
  });

  it('is unreachable when the user fetch fails with a 5xx after the refresh', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: 'jwt-1' }),
      'GET /api/auth/me': () => json(503, { error: 'boom' }),
    });
    await startAuth();
    expect(useAuthStore.getState()).toMatchObject({ status: 'loading', unreachable: true });
  });

  it('runs once however often it is called', async () => {
    const fetchMock = mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: 'jwt-1' }),
      'GET /api/auth/me': () => json(200, USER),
    });
    await Promise.all([startAuth(), startAuth()]);
    await startAuth();
    expect(calls(fetchMock)).toEqual([
      'POST /api/auth/refresh?signedOut=answer',
      'GET /api/auth/me',
    ]);
  });

  it('refreshes inside the cross-tab Web Lock', async () => {
    const request = vi.fn((_name: string, run: () => Promise<unknown>) => run());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: 'jwt-1' }),
      'GET /api/auth/me': () => json(200, USER),
    });

    await startAuth();

    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]![0]).toBe(REFRESH_LOCK);
    expect(REFRESH_LOCK).toBe('promptloom-refresh');
    expect(useAuthStore.getState().status).toBe('authenticated');
  });
});

describe('logout', () => {
  beforeEach(() => {
    signInTestUser(USER, 'jwt-1');
  });

  it('tells the server, clears the session, the query cache and feature state', async () => {
    const fetchMock = mockServer({
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    queryClient.setQueryData(['blocks', USER.id], [{ id: 'b1' }]);
    const cleanup = vi.fn();
    const unregister = registerReset('test cleanup', cleanup);

    await logout();
    unregister();

    expect(calls(fetchMock)).toEqual(['POST /api/auth/logout']);
    expect(bearer(fetchMock.mock.calls[0]![1])).toBe('Bearer jwt-1');
    expect(useAuthStore.getState()).toMatchObject({
      status: 'unauthenticated',
      user: null,
      accessToken: null,
      endedBy: 'user',
    });
    expect(queryClient.getQueryData(['blocks', USER.id])).toBeUndefined();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('still signs out locally when the server call fails (only logged)', async () => {
    mockServer({ 'POST /api/auth/logout': () => json(500, { error: 'down' }) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    await logout();

    expect(logged).toHaveBeenCalled();
    expect(useAuthStore.getState().status).toBe('unauthenticated');
  });

  it("on a 401 that no refresh can fix: 'Session expired' toast and logout", async () => {
    const fetchMock = mockServer({
      'GET /api/blocks': () => json(401, { error: 'expired' }),
      'POST /api/auth/refresh?signedOut=answer': () =>
        json(401, { error: 'Session invalide ou expirée.' }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const toastError = vi.spyOn(toast, 'error');

    await expect(api.get('/api/blocks')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(useAuthStore.getState().status).toBe('unauthenticated'));

    expect(toastError).toHaveBeenCalledWith(
      'Session expired. Please log in again.',
      'session-expired',
    );
    expect(useAuthStore.getState().endedBy).toBe('expired');
    expect(calls(fetchMock)).toEqual([
      'GET /api/blocks',
      'POST /api/auth/refresh?signedOut=answer',
      'POST /api/auth/logout',
    ]);
  });

  it('ends an expired session without a word in the console', async () => {
    useAuthStore.setState({ status: 'authenticated', user: USER, accessToken: 'jwt-1' });
    const fetchMock = mockServer({
      'GET /api/blocks': () => json(401, { error: 'expired' }),
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: null }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });

    await expect(api.get('/api/blocks')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(useAuthStore.getState().endedBy).toBe('expired'));

    expect(useAuthStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(calls(fetchMock)).toEqual([
      'GET /api/blocks',
      'POST /api/auth/refresh?signedOut=answer',
      'POST /api/auth/logout',
    ]);
  });

  it('tells the other tabs, and follows a log-out made in another tab', async () => {
    mockServer({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    const otherTab = new BroadcastChannel(AUTH_CHANNEL);
    const heard = new Promise<unknown>((resolve) => {
      otherTab.onmessage = (event: MessageEvent) => resolve(event.data);
    });

    await logout();
    await expect(heard).resolves.toBe('logout');

    useAuthStore.setState({ status: 'authenticated', user: USER, accessToken: 'jwt-2' });
    queryClient.setQueryData(['blocks', USER.id], []);
    otherTab.postMessage('logout');
    await vi.waitFor(() => expect(useAuthStore.getState().status).toBe('unauthenticated'));
    expect(useAuthStore.getState().accessToken).toBeNull();
    expect(queryClient.getQueryData(['blocks', USER.id])).toBeUndefined();
    otherTab.close();
  });
});

describe('renewal before the access token ends', () => {
  /** A token shaped like the server's: `iat` and `exp` in its payload (not signed here). */
  const jwt = (name: string, lifetimeSeconds: number, iat = 1_000_000_000) => {
    const part = (value: object) =>
      btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
    return `${part({ alg: 'HS256' })}.${part({ sub: name, iat, exp: iat + lifetimeSeconds })}.sig`;
  };
  const FIFTEEN_MINUTES = 15 * 60;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the lifetime the token states, and none from a token it cannot read', () => {
    expect(tokenLifetimeMs(jwt('a', FIFTEEN_MINUTES))).toBe(FIFTEEN_MINUTES * 1000);
    expect(tokenLifetimeMs('jwt-1')).toBeNull();
    expect(tokenLifetimeMs('a.b%.c')).toBeNull();
  });

  it('renews a token about to end before the request, so no request gets a 401', async () => {
    const first = jwt('first', FIFTEEN_MINUTES);
    const second = jwt('second', FIFTEEN_MINUTES);
    const fetchMock = mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: second }),
      // The first token is accepted until it ends, the second one always.
      'GET /api/blocks': (init) =>
        bearer(init) === `Bearer ${second}` ||
        (bearer(init) === `Bearer ${first}` && Date.now() < ends)
          ? json(200, [])
          : json(401, { error: 'expired' }),
    });
    // The server's clock is not this browser's: what counts is the lifetime, from arrival.
    signInTestUser(USER, first);
    const ends = Date.now() + FIFTEEN_MINUTES * 1000;

    await api.get('/api/blocks');
    vi.setSystemTime(ends - RENEW_BEFORE_END_MS - 1_000);
    await api.get('/api/blocks');
    expect(calls(fetchMock)).toEqual(['GET /api/blocks', 'GET /api/blocks']);

    vi.setSystemTime(ends - RENEW_BEFORE_END_MS + 1_000);
    await Promise.all([api.get('/api/blocks'), api.get('/api/blocks')]);
    vi.setSystemTime(ends + 1_000);
    await api.get('/api/blocks');
    expect(calls(fetchMock)).toEqual([
      'GET /api/blocks',
      'GET /api/blocks',
      'POST /api/auth/refresh?signedOut=answer',
      'GET /api/blocks',
      'GET /api/blocks',
      'GET /api/blocks',
    ]);
    expect(fetchMock.mock.calls.slice(3).map(([, init]) => bearer(init))).toEqual([
      `Bearer ${second}`,
      `Bearer ${second}`,
      `Bearer ${second}`,
    ]);
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', accessToken: second });
  });

  it('sends the token as it is when the session cannot be renewed, and asks only once', async () => {
    const first = jwt('first', FIFTEEN_MINUTES);
    const fetchMock = mockServer({
      'POST /api/auth/refresh?signedOut=answer': () => json(200, { accessToken: null }),
      'GET /api/blocks': () => json(200, []),
    });
    signInTestUser(USER, first);
    vi.setSystemTime(Date.now() + (FIFTEEN_MINUTES - 30) * 1000);

    await api.get('/api/blocks');
    await api.get('/api/blocks');
    expect(calls(fetchMock)).toEqual([
      'POST /api/auth/refresh?signedOut=answer',
      'GET /api/blocks',
      'GET /api/blocks',
    ]);
    expect(fetchMock.mock.calls.slice(1).map(([, init]) => bearer(init))).toEqual([
      `Bearer ${first}`,
      `Bearer ${first}`,
    ]);
  });
});
