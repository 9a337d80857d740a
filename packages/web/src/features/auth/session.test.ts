import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { registerReset } from '../../lib/reset-registry';
import {
  AUTH_CHANNEL,
  logout,
  REFRESH_LOCK,
  resetAuthForTests,
  retryStartAuth,
  startAuth,
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
