import type { SharedItem } from '@promptloom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { SharedItemPage } from './shared-item-page';
import { signInTestUser, testUser } from '../../../test/user-fixture';

const ITEM: SharedItem = {
  id: 's1',
  itemType: 'BLOCK',
  name: 'Code reviewer',
  description: 'Finds bugs kindly.',
  tags: ['review'],
  visibility: 'PUBLIC',
  author: { id: 'ada', name: 'Ada', avatarUrl: null, isSystem: false },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  downloadCount: 1,
  likeCount: 0,
  isLikedByCurrentUser: false,
  currentVersion: 2,
  shareToken: null,
  expiresAt: null,
  originalBlock: { name: 'Code reviewer', content: 'Review the code.', type: 'STATIC' },
  sharedVersion: { id: 'v2', version: 2, versionNotes: 'Kinder', createdAt: '2026-01-02' },
  sourceBlockId: null,
};

function renderPage(subscribedVersion?: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SharedItemPage id="s1" subscribedVersion={subscribedVersion} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the shared item page of an item the user subscribes to', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(ITEM), { status: 200 }))),
    );
    signInTestUser(testUser({ id: 'bob', name: 'Bob', email: null }), 'jwt');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says which version the user has, that a newer one is out, and links to their blocks', async () => {
    renderPage(1);
    await screen.findByRole('heading', { level: 1, name: 'Code reviewer' });
    expect(
      screen.getByText(
        /^You subscribe to this block: your blocks have version 1, version 2 is out\.$/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open my blocks' }).getAttribute('href')).toBe(
      '/settings/blocks',
    );
  });

  it('says the copy is current when it has the latest version', async () => {
    renderPage(2);
    await screen.findByRole('heading', { level: 1, name: 'Code reviewer' });
    expect(
      screen.getByText(/^You subscribe to this block: version 2 is in your blocks\.$/),
    ).toBeTruthy();
  });

  it('says nothing of the kind to a user without a subscription', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Code reviewer' });
    expect(screen.queryByText(/You subscribe to this block/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Import' })).toBeTruthy();
  });
});
