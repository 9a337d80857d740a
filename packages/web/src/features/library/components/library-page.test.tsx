import { type LibraryResponse, type SharedItemSummary } from '@promptloom/core';
import { LIBRARY_SEARCH_DEBOUNCE_MS } from '../../../config/limits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../auth';
import { LibraryPage } from './library-page';
import { signInTestUser, testUser } from '../../../test/user-fixture';

const item = (id: string, overrides: Partial<SharedItemSummary> = {}): SharedItemSummary => ({
  id,
  itemType: 'BLOCK',
  name: `Item ${id}`,
  description: null,
  tags: [],
  visibility: 'PUBLIC',
  author: { id: 'a', name: 'Ada', avatarUrl: null, isSystem: false },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  downloadCount: 0,
  likeCount: 2,
  isLikedByCurrentUser: false,
  currentVersion: 1,
  shareToken: null,
  expiresAt: null,
  ...overrides,
});

const calls: string[] = [];
let likeStatus = 200;
let totalPages = 3;
let likeGate: Promise<void> = Promise.resolve();

function fakeFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  const url = input.toString();
  calls.push(`${init?.method ?? 'GET'} ${url}`);
  const json = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (url.startsWith('/api/shared-items/tags')) return json([{ tag: 'review', count: 4 }]);
  if (url.includes('/like')) {
    return likeGate.then(() =>
      likeStatus === 200
        ? json({ likeCount: 3, isLikedByCurrentUser: true })
        : json({ error: 'boom', code: 'INTERNAL' }, likeStatus),
    );
  }
  if (url.startsWith('/api/shared-items?')) {
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    const body: LibraryResponse = {
      data: [item(`p${page}`)],
      meta: { page, totalPages, total: totalPages * 12, pageSize: 12 },
    };
    return json(body);
  }
  return json([]);
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

/** The item page's module arrives when this resolves (a lazy route, as in the app). */
let itemPageLoaded: Promise<void> = Promise.resolve();

function renderPage(path = '/library') {
  const router = createMemoryRouter(
    [
      {
        path: '/library',
        element: (
          <>
            <LibraryPage />
            <LocationProbe />
          </>
        ),
      },
      {
        path: '/shared/:sharedItemId',
        lazy: () => itemPageLoaded.then(() => ({ Component: () => <h1>Item page</h1> })),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  calls.length = 0;
  likeStatus = 200;
  totalPages = 3;
  likeGate = Promise.resolve();
  itemPageLoaded = Promise.resolve();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  signInTestUser(testUser({ id: 'me', name: 'Me', email: null }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ status: 'loading', user: null });
});

const search = () => screen.getByTestId('location').textContent;

describe('LibraryPage', () => {
  it('pages through All and resets to page 1 when tags or sort change', async () => {
    const user = userEvent.setup();
    renderPage('/library?page=2');
    await screen.findByText('Item p2');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Item p3');
    expect(search()).toBe('?page=3');

    await user.click(screen.getByRole('button', { name: /#review/ }));
    await waitFor(() => expect(search()).toBe('?tags=review'));
    await screen.findByText('Item p1');
    expect(calls.at(-1)).toContain('tags=review');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search()).toBe('?tags=review&page=2'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'likes');
    await waitFor(() => expect(search()).toBe('?tags=review&sort=likes'));
  });

  it('hides pagination with a single page and on the Recommended tab', async () => {
    totalPages = 1;
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Item p1');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Recommended' }));
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('debounces the search: one request once typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderPage();
      await screen.findByText('Item p1');
      const before = calls.filter((c) => c.includes('search=')).length;
      await user.type(screen.getByRole('searchbox'), 'secur');
      expect(calls.filter((c) => c.includes('search=')).length).toBe(before);
      await act(() => vi.advanceTimersByTimeAsync(300));
      await waitFor(() => expect(search()).toBe('?q=secur'));
      await waitFor(() =>
        expect(calls.filter((c) => c.includes('search=')).map((c) => c.split('?')[1])).toEqual([
          'sortBy=createdAt&page=1&search=secur',
        ]),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens a card followed while the search was settling (the search does not take the user back)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let showItemPage = () => {};
      itemPageLoaded = new Promise<void>((resolve) => (showItemPage = resolve));
      const router = renderPage();
      await screen.findByText('Item p1');
      // Typed, then the card followed at once (same instant): its page is still loading when
      // the typing pause ends.
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'secur' } });
      fireEvent.click(screen.getByRole('link', { name: 'Item p1' }));
      await act(() => vi.advanceTimersByTimeAsync(LIBRARY_SEARCH_DEBOUNCE_MS));
      showItemPage();
      await screen.findByRole('heading', { level: 1, name: 'Item page' });
      expect(router.state.location.pathname).toBe('/shared/p1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('likes optimistically and rolls back with a toast when the server fails', async () => {
    const user = userEvent.setup();
    likeStatus = 500;
    let release = () => {};
    likeGate = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await screen.findByText('Item p1');
    await user.click(screen.getByRole('button', { name: /^Like Item p1, / }));
    // Optimistic: flagged and counted before the server answers.
    const unlike = await screen.findByRole('button', { name: /^Unlike Item p1, / });
    expect(unlike.getAttribute('aria-pressed')).toBe('true');
    expect(unlike.textContent).toBe('3');
    release();
    await screen.findByText('Could not update your like. Please try again.');
    const like = await screen.findByRole('button', { name: /^Like Item p1, / });
    expect(like.textContent).toBe('2');
  });
});
