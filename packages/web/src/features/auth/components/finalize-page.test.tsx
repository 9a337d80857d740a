import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { resetAuthForTests } from '../session';
import { savePendingLogin, savePostLoginPath } from '../storage';
import { initialAuthState, useAuthStore } from '../store';
import { FinalizePage } from './finalize-page';
import { testUser } from '../../../test/user-fixture';
import { json, mockServer } from '../../../test/api-stub';

const USER = testUser();

/** Opens the callback URL in a router that also has the pages it may redirect to. */
function openCallback(search: string, path = '/auth/finalize') {
  const router = createMemoryRouter(
    [
      { path: '/auth/finalize', Component: FinalizePage },
      { path: '/auth/finalize/:provider', Component: FinalizePage },
      { path: '/login', element: <p>login page</p> },
      { path: '/', element: <p>home page</p> },
      { path: '/settings/blocks', element: <p>blocks page</p> },
    ],
    { initialEntries: [`${path}${search}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const here = (router: ReturnType<typeof openCallback>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

let toastError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetAuthForTests();
  useAuthStore.setState({ ...initialAuthState, booting: false, status: 'unauthenticated' });
  toastError = vi.spyOn(toast, 'error');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/auth/finalize', () => {
  it('shows a spinner with the finalizing message', () => {
    savePendingLogin({ state: 's1', provider: 'local' });
    mockServer({});
    vi.mocked(fetch).mockReturnValue(new Promise(() => {}));
    openCallback('?code=c1&state=s1');
    expect(screen.getByText('Finalizing sign-in…')).toBeTruthy();
  });

  it('finalizes with the stored provider, loads the user and goes to the stored path', async () => {
    savePendingLogin({ state: 's1', provider: 'local' });
    savePostLoginPath('/settings/blocks');
    const fetchMock = mockServer({
      'POST /api/auth/local/finalize-login': () => json(200, { accessToken: 'jwt-1' }),
      'GET /api/auth/me': () => json(200, USER),
    });

    const router = openCallback('?code=c1&state=s1');

    await screen.findByText('blocks page');
    expect(here(router)).toBe('/settings/blocks');
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({
      code: 'c1',
      state: 's1',
    });
    expect(useAuthStore.getState()).toMatchObject({
      status: 'authenticated',
      user: USER,
      accessToken: 'jwt-1',
    });
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('goes to / when no post-login path is stored', async () => {
    savePendingLogin({ state: 's1', provider: 'github' });
    const fetchMock = mockServer({
      'POST /api/auth/github/finalize-login': () => json(200, { accessToken: 'jwt-1' }),
      'GET /api/auth/me': () => json(200, USER),
    });
    const router = openCallback('?code=c1&state=s1');
    await screen.findByText('home page');
    expect(here(router)).toBe('/');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an external provider returning to /auth/finalize/:provider posts state and iss', async () => {
    savePendingLogin({ state: 's1', provider: 'oidc' });
    const fetchMock = mockServer({
      'POST /api/auth/oidc/finalize-login': () => json(200, { accessToken: 'jwt-1' }),
      'GET /api/auth/me': () => json(200, USER),
    });
    const router = openCallback(
      '?code=c1&state=s1&iss=https%3A%2F%2Fidp.test',
      '/auth/finalize/oidc',
    );
    await screen.findByText('home page');
    expect(here(router)).toBe('/');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(init.body as string)).toEqual({
      code: 'c1',
      state: 's1',
      iss: 'https://idp.test',
    });
  });

  it('a provider in the path that is not the one the login started with is refused', async () => {
    savePendingLogin({ state: 's1', provider: 'github' });
    const fetchMock = mockServer({});
    const router = openCallback('?code=c1&state=s1', '/auth/finalize/gitlab');
    await screen.findByText('login page');
    expect(here(router)).toBe('/login?error=auth_failed');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an error parameter: auth-failed toast and /login', async () => {
    savePendingLogin({ state: 's1', provider: 'local' });
    const fetchMock = mockServer({});
    const router = openCallback('?error=access_denied&state=s1');
    await screen.findByText('login page');
    expect(here(router)).toBe('/login');
    expect(toastError).toHaveBeenCalledWith('Authentication failed.', 'auth-failed');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a state that differs from the stored one: state-mismatch toast, /login?error=auth_failed', async () => {
    savePendingLogin({ state: 's1', provider: 'local' });
    const fetchMock = mockServer({});
    const router = openCallback('?code=c1&state=forged');
    await screen.findByText('login page');
    expect(here(router)).toBe('/login?error=auth_failed');
    expect(toastError).toHaveBeenCalledWith(
      'Security check failed (state mismatch). Please sign in again.',
      'auth-failed',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('no stored state counts as a mismatch', async () => {
    mockServer({});
    const router = openCallback('?code=c1&state=s1');
    await screen.findByText('login page');
    expect(here(router)).toBe('/login?error=auth_failed');
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('a missing code: /login?error=token_missing', async () => {
    savePendingLogin({ state: 's1', provider: 'local' });
    const fetchMock = mockServer({});
    const router = openCallback('?state=s1');
    await screen.findByText('login page');
    expect(here(router)).toBe('/login?error=token_missing');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed finalization: auth-failed toast and /login?error=auth_failed', async () => {
    savePendingLogin({ state: 's1', provider: 'local' });
    mockServer({
      'POST /api/auth/local/finalize-login': () =>
        json(400, { error: 'La connexion a expiré ou est invalide. Recommencez.' }),
    });
    const router = openCallback('?code=c1&state=s1');
    await screen.findByText('login page');
    expect(here(router)).toBe('/login?error=auth_failed');
    expect(toastError).toHaveBeenCalledWith('Authentication failed.', 'auth-failed');
    expect(useAuthStore.getState()).toMatchObject({ status: 'unauthenticated', accessToken: null });
  });

  it('a user fetch failing after finalization also fails the sign-in', async () => {
    savePendingLogin({ state: 's1', provider: 'local' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockServer({
      'POST /api/auth/local/finalize-login': () => json(200, { accessToken: 'jwt-1' }),
      'GET /api/auth/me': () => json(500, { error: 'boom' }),
    });
    const router = openCallback('?code=c1&state=s1');
    await screen.findByText('login page');
    expect(here(router)).toBe('/login?error=auth_failed');
    expect(useAuthStore.getState().status).toBe('unauthenticated');
  });
});
