import type { AccountImportResult } from '@promptloom/core';
import { accountExportFile } from '@promptloom/core/account/fixture';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { useAuthStore } from '../../auth';
import { AccountPage } from './account-page';
import { signInTestUser, testUser } from '../../../test/user-fixture';

const EXPORT = accountExportFile();
const RESULT: AccountImportResult = {
  blocks: { imported: 1, alreadyPresent: 2, matchedSystem: 0, subscriptionsDetached: 0 },
  compositions: { imported: 1, alreadyPresent: 0 },
  ignorePatterns: { added: 0 },
  defaultComposition: 'NONE',
  skipped: { sharedItems: 1, likes: 0, accessTokens: 0, privateLinksOpened: 0 },
};

const calls: string[] = [];
const bodies: unknown[] = [];

function fakeFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  const url = input.toString();
  const method = init?.method ?? 'GET';
  calls.push(`${method} ${url}`);
  if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
  const json = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (url === '/api/account/export') return json(EXPORT);
  if (url === '/api/account/import') return json(RESULT);
  return Promise.resolve(new Response(null, { status: 204 }));
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/settings/account', element: <AccountPage /> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/settings/account'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const fileOf = (content: unknown) =>
  new File([JSON.stringify(content)], 'export.json', { type: 'application/json' });

describe('Settings → Account', () => {
  beforeEach(() => {
    calls.length = 0;
    bodies.length = 0;
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
    signInTestUser(testUser({ name: 'Ada', email: null }), 'jwt');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('shows who is signed in and with which provider', async () => {
    useAuthStore.setState({
      user: {
        id: 'u1',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        avatarUrl: null,
        provider: 'github',
      },
    });
    renderPage();
    const profile = screen.getByRole('region', { name: 'Signed in as' });
    expect(within(profile).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(profile).getByText('ada@example.com')).toBeTruthy();
    expect(within(profile).getByText('Signed in with GitHub')).toBeTruthy();
    expect(within(profile).getByText('AL')).toBeTruthy();

    await i18n.changeLanguage('fr');
    useAuthStore.setState({
      user: { id: 'u1', name: 'Ada', email: null, avatarUrl: null, provider: 'local' },
    });
    await screen.findByRole('region', { name: 'Connecté en tant que' });
    expect(screen.getByText('Connexion avec un compte local')).toBeTruthy();
  });

  it('downloads the export as one JSON file', async () => {
    const saved: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));

    await screen.findByText('Your data was downloaded.');
    expect(calls).toContain('GET /api/account/export');
    expect(names).toEqual([expect.stringMatching(/^promptloom-export-\d{4}-\d{2}-\d{2}\.json$/)]);
    expect(JSON.parse(await saved[0]!.text())).toEqual(EXPORT);
  });

  it('imports a chosen export and says what came in and what was skipped', async () => {
    renderPage();
    const importButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Import' });
    expect(importButton.disabled).toBe(true);
    await userEvent.upload(screen.getByLabelText('Export file'), fileOf(EXPORT));
    await screen.findByText('Ready to import the export of Ada: 1 block and 1 composition.');
    await userEvent.click(importButton);

    const status = await screen.findByRole('status', { name: 'Import finished' });
    expect(within(status).getByText('1 block imported')).toBeTruthy();
    expect(
      within(status).getByText(
        '2 blocks were already in your library (same name and content): not copied again',
      ),
    ).toBeTruthy();
    expect(
      within(status).getByText(
        'Skipped: 1 shared item (share the block again here if you want it public)',
      ),
    ).toBeTruthy();
    expect(calls).toContain('POST /api/account/import');
    expect(bodies[0]).toMatchObject({ format: 'promptloom-account-export', blocks: EXPORT.blocks });
  });

  it('names a file that is not an export, and sends nothing', async () => {
    renderPage();
    await userEvent.upload(screen.getByLabelText('Export file'), fileOf({ hello: 'world' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is not a Promptloom account export.',
    );
    const broken = { ...EXPORT, compositions: [{ ...EXPORT.compositions[0], blockIds: ['gone'] }] };
    await userEvent.upload(screen.getByLabelText('Export file'), fileOf(broken));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /refers to a block or composition it does not contain .*\(at compositions\.0\.blockIds\.0\)$/,
      ),
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
    expect(calls.filter((call) => call.includes('/import'))).toEqual([]);
  });

  it('deletes the account only after a confirmation that says what happens to shares', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toMatch(/subscribed to them keep their copies/);
    expect(dialog.textContent).toMatch(/cannot be undone/);
    // Cancel, the least destructive answer, has focus first (not Close, not Delete).
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);

    await userEvent.click(cancel);
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const again = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.click(
      within(again).getByRole('button', { name: 'Delete my account permanently' }),
    );
    await screen.findByText('Sign-in page');
    expect(calls).toContain('DELETE /api/account');
    expect(useAuthStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });
});
