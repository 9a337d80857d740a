import type { AccessToken } from '@promptloom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { AccessTokensPage } from './access-tokens-page';
import { signInTestUser, testUser } from '../../../test/user-fixture';

const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const medium = (value: string) => new Date(value).toLocaleDateString('en', { dateStyle: 'medium' });

const TOKENS: AccessToken[] = [
  { id: 't1', name: 'laptop', createdAt: iso(-1), lastUsedAt: null, expiresAt: iso(30) },
  { id: 't2', name: 'server', createdAt: iso(-1), lastUsedAt: null, expiresAt: null },
  { id: 't3', name: 'old ci', createdAt: iso(-100), lastUsedAt: iso(-95), expiresAt: iso(-10) },
];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccessTokensPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Settings → Access tokens: when each token ends (decision 043)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(TOKENS), { status: 200 }))),
    );
    signInTestUser(testUser({ name: 'Ada', email: null }), 'jwt');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the expiry date, "Never" for a token without one, and "Expired" for a past one', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Access tokens' });
    const header = within(table).getAllByRole('columnheader');
    const column = header.findIndex((cell) => cell.textContent === 'Expires');
    expect(column).toBeGreaterThan(-1);
    const expiry = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[
        column
      ]!.textContent;
    expect(expiry('laptop')).toBe(medium(TOKENS[0]!.expiresAt!));
    expect(expiry('server')).toBe('Never');
    expect(expiry('old ci')).toBe(`Expired ${medium(TOKENS[2]!.expiresAt!)}`);
  });

  it('puts both dates under the name too, for the phone layout that hides their columns', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Access tokens' });
    const nameCell = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[0]!
        .textContent;
    expect(nameCell('laptop')).toBe(`laptopCreated ${medium(TOKENS[0]!.createdAt)} · never used`);
    expect(nameCell('old ci')).toBe(
      `old ciCreated ${medium(TOKENS[2]!.createdAt)} · last used ${medium(TOKENS[2]!.lastUsedAt!)}`,
    );
  });

  it('says what a token is for when there is none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('[]', { status: 200 }))),
    );
    renderPage();
    await screen.findByText('No access token yet.');
    expect(screen.getByText(/^Create one above to sign the promptloom CLI in/)).toBeTruthy();
  });
});

describe('Settings → Access tokens: focus', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'POST'
            ? new Response(
                JSON.stringify({
                  id: 't9',
                  name: 'laptop',
                  token: 'plt_secret',
                  createdAt: iso(0),
                  expiresAt: null,
                }),
                { status: 201 },
              )
            : new Response(JSON.stringify(TOKENS), { status: 200 }),
        ),
      ),
    );
    signInTestUser(testUser({ name: 'Ada', email: null }), 'jwt');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('goes to the new token once created, and back to the name field on Done', async () => {
    const user = userEvent.setup();
    renderPage();
    const name = screen.getByLabelText('Token name');
    await user.type(name, 'laptop');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const token = await screen.findByRole('textbox', { name: 'New access token' });
    await waitFor(() => expect(document.activeElement).toBe(token));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'New access token' })).toBeNull();
    expect(document.activeElement).toBe(name);
  });
});
