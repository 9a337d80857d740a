import { ApiError, configureApiAuth, refreshAccessToken } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { authApi } from './api';
import { resetAll } from '../../lib/reset-registry';
import { useAuthStore } from './store';

/** Name of the Web Lock that serialises refreshes across tabs sharing one cookie. */
export const REFRESH_LOCK = 'promptloom-refresh';
const SESSION_EXPIRED_TOAST = 'session-expired';

/**
 * The server could not answer: the request never got a response (fetch rejects
 * with a TypeError), or a proxy or the server answered 5xx. Unlike a 401, this says nothing
 * about the session, so start-up shows "Can't reach the server" instead of signing out.
 */
export function isServerUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof TypeError;
}

/** Console messages are for developers: English whatever the UI language (the server sends French). */
function describeForConsole(error: unknown): string {
  if (error instanceof ApiError && error.code) {
    return i18n.t(`errors.${error.code}`, { lng: 'en', defaultValue: error.code });
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * POST /api/auth/refresh under a cross-tab lock: the refresh cookie rotates on every
 * use, so two tabs refreshing at once would present the same cookie twice, and only one
 * of the answers' cookies would stay valid (docs/decisions/087-refresh-answer-lost-in-a-reload.md).
 * Resolves the new token, or null when the server refused the session; rejects when the
 * server could not be reached.
 */
async function refreshOrThrowUnreachable(atStartup = false): Promise<string | null> {
  const run = async () => {
    try {
      // Null: no session to renew (signed out, ended, expired), which is no failure: the
      // sign-in page follows, and the console stays quiet.
      const { accessToken } = await authApi.refresh();
      if (accessToken) useAuthStore.setState({ accessToken });
      return accessToken;
    } catch (error) {
      if (isServerUnreachable(error)) throw error;
      // At start-up a refused refresh is how a signed-out visit begins (no session cookie, or
      // an ended one): the sign-in page follows, nothing went wrong.
      const signedOut = atStartup && error instanceof ApiError && error.status === 401;
      if (!signedOut) console.warn('Failed to refresh token:', describeForConsole(error));
      return null;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK, run) : run();
}

/** The API client's refresh (after a 401): any failure means no new token. */
async function refreshUnderLock(): Promise<string | null> {
  try {
    return await refreshOrThrowUnreachable();
  } catch (error) {
    console.warn('Failed to refresh token:', describeForConsole(error));
    return null;
  }
}

/**
 * GET /api/auth/me with the held token; a failure means signed out.
 * At start-up (`atStartup`), a server that cannot be reached leaves the session as it is
 * and marks it unreachable instead.
 */
export async function checkAuth(atStartup = false): Promise<boolean> {
  if (!useAuthStore.getState().accessToken) {
    useAuthStore.setState({ status: 'unauthenticated', user: null, accessToken: null });
    return false;
  }
  try {
    const user = await authApi.me();
    useAuthStore.setState({ status: 'authenticated', user, endedBy: null });
    return true;
  } catch (error) {
    console.warn('Failed to load the current user', error);
    if (atStartup && isServerUnreachable(error)) {
      useAuthStore.setState({ unreachable: true });
      return false;
    }
    useAuthStore.setState({ status: 'unauthenticated', user: null, accessToken: null });
    return false;
  }
}

/** Login success: sets the token and the status authenticated. */
export function login(accessToken: string): void {
  useAuthStore.setState({ accessToken, status: 'authenticated', endedBy: null });
}

let loggingOut: Promise<void> | null = null;

/** Tells the other tabs of this browser that the session ended (the cookie is gone for all). */
export const AUTH_CHANNEL = 'promptloom-auth';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);

/** The client half of a log-out: user, token, data cache and every feature's local state. */
async function clearSession(reason: 'user' | 'expired'): Promise<void> {
  useAuthStore.setState({
    status: 'unauthenticated',
    user: null,
    accessToken: null,
    endedBy: reason,
  });
  queryClient.clear();
  await resetAll();
}

/**
 * Logout: tell the server (a failure is only logged), then clear user and
 * token, every feature's local state and the data cache, here and in the other tabs.
 */
export function logout(reason: 'user' | 'expired' = 'user'): Promise<void> {
  loggingOut ??= (async () => {
    try {
      await authApi.logout();
    } catch (error) {
      console.error('Logout request failed', error);
    }
    await clearSession(reason);
    channel?.postMessage('logout');
  })().finally(() => {
    loggingOut = null;
  });
  return loggingOut;
}

/**
 * "Sign out everywhere": the server ends every session of the user (every browser, every
 * instance); then this browser is signed out like a log-out. Unlike a log-out, a failure is
 * thrown, not swallowed: the other sessions would still be open. The token is renewed once
 * when it had expired (the API client does not renew for /api/auth routes).
 */
export async function logoutEverywhere(): Promise<void> {
  try {
    await authApi.logoutAll();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    if (!(await refreshAccessToken())) throw error;
    await authApi.logoutAll();
  }
  await clearSession('user');
  channel?.postMessage('logout');
}

channel?.addEventListener('message', (event: MessageEvent) => {
  if (event.data === 'logout' && useAuthStore.getState().status === 'authenticated') {
    void clearSession('user');
  }
});

function sessionExpired(): void {
  if (useAuthStore.getState().status !== 'authenticated') return;
  toast.error(i18n.t('auth.sessionExpired'), SESSION_EXPIRED_TOAST);
  void logout('expired');
}

/**
 * How long before its end a token is renewed: a request sent then cannot reach the server
 * after the token lapsed, whose 401 the browser would write to the console as an error.
 */
export const RENEW_BEFORE_END_MS = 60_000;

/** The lifetime an access token states (`exp` − `iat`), in ms; null when it cannot be read. */
export function tokenLifetimeMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/')));
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp, iat } = claims as { exp?: unknown; iat?: unknown };
    return typeof exp === 'number' && typeof iat === 'number' && exp > iat
      ? (exp - iat) * 1000
      : null;
  } catch {
    return null;
  }
}

/**
 * When the held token is due for renewal, on this browser's clock: from when it arrived and
 * the lifetime it states, so a computer whose clock is off from the server's renews in time.
 * Null: no token, or one whose lifetime cannot be read (renewed after its 401 only).
 */
let renewAt: number | null = null;
useAuthStore.subscribe((state, previous) => {
  if (state.accessToken === previous.accessToken) return;
  const lifetime = state.accessToken ? tokenLifetimeMs(state.accessToken) : null;
  renewAt =
    lifetime === null
      ? null
      : Date.now() + Math.max(lifetime - RENEW_BEFORE_END_MS, Math.round(lifetime / 2));
});

configureApiAuth({
  getToken: () => useAuthStore.getState().accessToken,
  refresh: refreshUnderLock,
  onSessionExpired: sessionExpired,
  expiresSoon: () => renewAt !== null && Date.now() >= renewAt,
});

let starting: Promise<void> | null = null;

/**
 * Start-up: try a refresh while the 'loading app' screen shows,
 * then fetch the user. Runs once however often it is called. When the server cannot be
 * reached the store says `unreachable` (the app shows "Can't reach the server" with
 * Retry) and nothing about the session is concluded.
 */
export function startAuth(): Promise<void> {
  starting ??= (async () => {
    let token: string | null;
    try {
      token = await refreshOrThrowUnreachable(true);
    } catch (error) {
      console.warn(
        'The server could not be reached:',
        error instanceof Error ? error.message : error,
      );
      useAuthStore.setState({ booting: false, unreachable: true });
      return;
    }
    useAuthStore.setState({
      booting: false,
      unreachable: false,
      ...(token ? {} : { accessToken: null }),
    });
    await checkAuth(true);
  })();
  return starting;
}

/** The Retry of "Can't reach the server": runs the start-up again. */
export function retryStartAuth(): Promise<void> {
  starting = null;
  return startAuth();
}

/** Test hook: forget the start-up run so a test can start again. */
export function resetAuthForTests(): void {
  starting = null;
  loggingOut = null;
}
