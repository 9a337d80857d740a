// The panel and the shell read the browser's kept applies and history from IndexedDB.
import 'fake-indexeddb/auto';
import type { Block } from '@promptloom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useAuthStore } from '../../features/auth';
import { blocksQueryOptions } from '../../features/blocks';
import { i18n } from '../../lib/i18n';
import { testBlock } from '../../test/block-fixture';
import { Component as ProtectedShell } from '../routes/protected-shell';
import { signInTestUser, testUser } from '../../test/user-fixture';

const USER = testUser();

/** The blocks the sidebar counts updates of, seeded so the shell never fetches them. */
function queryClientWith(blocks: Block[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(blocksQueryOptions(USER.id).queryKey, blocks);
  return client;
}

function open(path: string, blocks: Block[] = []) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      {
        Component: ProtectedShell,
        children: [
          { index: true, element: <h1>generator page</h1> },
          { path: '/library', element: <h1>library page</h1> },
          { path: '/settings/blocks', element: <h1>blocks page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClientWith(blocks)}>
      <RouterProvider router={router} />
      <ConfirmDialog />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  signInTestUser(USER, 'jwt-1');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('route guard', () => {
  it("shows the 'initializing session' spinner while auth is loading", () => {
    useAuthStore.setState({ status: 'loading', user: null });
    open('/library');
    expect(screen.getByText('Initializing session…')).toBeTruthy();
  });

  it('sends a signed-out visitor to /login and remembers the path', async () => {
    useAuthStore.setState({ status: 'unauthenticated', user: null, accessToken: null });
    const router = open('/settings/blocks?tab=1');
    await screen.findByText('login page');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('promptloom.postLoginPath')).toBe('/settings/blocks?tab=1');
  });
});

describe('shell', () => {
  it('shows the title, version, navigation with the active link, and the user card', async () => {
    open('/library');
    await screen.findByRole('heading', { name: 'library page' });
    expect(screen.getAllByText('Promptloom').length).toBeGreaterThan(0);
    expect(screen.getByText(/^Version \d+\.\d+\.\d+/)).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const library = within(nav).getByRole('link', { name: 'Library' });
    expect(library.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Generator' }).getAttribute('aria-current')).toBe(
      null,
    );
    for (const name of ['Blocks', 'Compositions', 'Ignore patterns', 'Access tokens']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }

    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(account).getByText('ada@example.com')).toBeTruthy();
    expect(within(account).getByText('AL')).toBeTruthy();
  });

  it('counts the updates available on the Blocks entry', async () => {
    const subscribed = (id: string, subscribedVersion: number) =>
      testBlock(id, id, {
        subscription: { id: `s-${id}`, sharedItemId: `i-${id}`, subscribedVersion, detached: null },
        sharedVersion: { id: `i-${id}`, version: 2, authorId: 'someone', edited: false },
      });
    open('/library', [subscribed('behind', 1), subscribed('current', 2), testBlock('own', 'own')]);
    await screen.findByRole('heading', { name: 'library page' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Blocks 1 update available' })).toBeTruthy();
  });

  it('switches the interface to French', async () => {
    open('/');
    await screen.findByRole('heading', { name: 'generator page' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    expect(await screen.findByRole('link', { name: 'Bibliothèque' })).toBeTruthy();
  });

  it('logs out only after confirmation', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    const router = open('/library');
    await screen.findByRole('heading', { name: 'library page' });

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useAuthStore.getState().status).toBe('authenticated');

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const again = await screen.findByRole('dialog', { name: 'Log out?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Log out' }));

    await screen.findByText('login page');
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.anything());
    expect(useAuthStore.getState().status).toBe('unauthenticated');
    // The user's own log-out does not bring them back to the page they left.
    expect(localStorage.getItem('promptloom.postLoginPath')).toBeNull();
  });

  it('starts with a skip link that moves focus to the main content', async () => {
    open('/library');
    await screen.findByRole('heading', { name: 'library page' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));

    await i18n.changeLanguage('fr');
    expect(await screen.findByRole('link', { name: 'Aller au contenu' })).toBeTruthy();
  });

  it('moves focus into the opened menu; Escape closes it and gives focus back to its button', async () => {
    open('/library');
    await screen.findByRole('heading', { name: 'library page' });
    const button = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const drawer = document.getElementById('app-sidebar')!;
    expect(drawer.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it("puts the narrow screen's title bar and menu button in a banner landmark", async () => {
    open('/library');
    await screen.findByRole('heading', { name: 'library page' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });
});
