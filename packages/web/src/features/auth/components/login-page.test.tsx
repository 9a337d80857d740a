import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { takePendingLogin } from '../storage';
import { initialAuthState, useAuthStore } from '../store';
import { LoginPage } from './login-page';
import { json, mockServer } from '../../../test/api-stub';

const PROVIDERS = [
  { id: 'local', name: 'Local account' },
  { id: 'github', name: 'GitHub' },
];

function openLogin(search = '') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <p>home page</p> },
      { path: '/library', element: <p>library page</p> },
    ],
    { initialEntries: [`/login${search}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState, booting: false, status: 'unauthenticated' });
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/login', () => {
  it('shows one button per enabled provider and what the server keeps, no unwritten terms', async () => {
    mockServer({ 'GET /api/auth/providers': () => json(200, PROVIDERS) });
    openLogin();
    expect(
      await screen.findByRole('button', { name: 'Sign in with a local account' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' })).toBeTruthy();
    // There are no terms of use or privacy policy to agree to: the line says what is kept.
    expect(
      screen.getByText(/Your project files never leave your browser: the server keeps/),
    ).toBeTruthy();
    expect(screen.queryByText(/terms of use|privacy policy/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['token_missing', 'The sign-in did not return a code. Please try again.'],
    ['auth_failed', 'Authentication failed. Please try again.'],
  ])('shows the message for ?error=%s', async (code, message) => {
    mockServer({ 'GET /api/auth/providers': () => json(200, PROVIDERS) });
    openLogin(`?error=${code}`);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('ignores an unknown error value', async () => {
    mockServer({ 'GET /api/auth/providers': () => json(200, PROVIDERS) });
    openLogin('?error=whatever');
    await screen.findByRole('button', { name: 'Sign in with GitHub' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the state with its provider, then goes to the auth URL', async () => {
    mockServer({
      'GET /api/auth/providers': () => json(200, PROVIDERS),
      'GET /api/auth/github': () => json(200, { authUrl: 'https://github.test/auth', state: 'st' }),
    });
    openLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with GitHub' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://github.test/auth'));
    expect(takePendingLogin()).toEqual({ state: 'st', provider: 'github' });
  });

  it('a failing auth URL gives an error toast and re-enables the button', async () => {
    mockServer({
      'GET /api/auth/providers': () => json(200, PROVIDERS),
      'GET /api/auth/local': () => new Response('down', { status: 503, statusText: 'Unavailable' }),
    });
    const toastError = vi.spyOn(toast, 'error');
    openLogin();
    const button = await screen.findByRole('button', { name: 'Sign in with a local account' });
    await userEvent.click(button);
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Unavailable'));
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('on the way to a shared block, says so, and names no block', async () => {
    mockServer({ 'GET /api/auth/providers': () => json(200, PROVIDERS) });
    localStorage.setItem('promptloom.postLoginPath', '/share/AbCdEfGhIjKlMnOpQrStUv');
    openLogin();
    await screen.findByRole('button', { name: 'Sign in with a local account' });
    expect(screen.getByText('Sign in to open the shared block')).toBeTruthy();
    // Still stored: signing in goes on to the link.
    expect(localStorage.getItem('promptloom.postLoginPath')).toBe('/share/AbCdEfGhIjKlMnOpQrStUv');
    localStorage.removeItem('promptloom.postLoginPath');
  });

  it('says nothing of a shared block on the way to another page, in French too', async () => {
    mockServer({ 'GET /api/auth/providers': () => json(200, PROVIDERS) });
    localStorage.setItem('promptloom.postLoginPath', '/settings/blocks');
    openLogin();
    await screen.findByRole('button', { name: 'Sign in with a local account' });
    expect(screen.queryByText('Sign in to open the shared block')).toBeNull();
    localStorage.setItem('promptloom.postLoginPath', '/shared/k7n2');
    await i18n.changeLanguage('fr');
    try {
      openLogin();
      expect(await screen.findByText('Connectez-vous pour ouvrir le bloc partagé')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
      localStorage.removeItem('promptloom.postLoginPath');
    }
  });

  it('sends a signed-in user to the stored path', async () => {
    mockServer({});
    localStorage.setItem('promptloom.postLoginPath', '/library');
    useAuthStore.setState({ status: 'authenticated' });
    const router = openLogin();
    await screen.findByText('library page');
    expect(router.state.location.pathname).toBe('/library');
  });
});
