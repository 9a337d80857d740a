import type { Block } from '@promptloom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testBlock } from '../../../test/block-fixture';
import { json } from '../../../test/api-stub';
import { signInTestUser } from '../../../test/user-fixture';
import { BlocksPage } from './blocks-page';

const SYSTEM = testBlock('sys-1', 'Project structure', {
  isSystemBlock: true,
  type: 'PROJECT_STRUCTURE',
  systemBehavior: 'INDELETABLE',
});

function openPage(initial: Block[]) {
  let blocks = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        blocks = blocks.filter((block) => !url.endsWith(`/${block.id}`));
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return url.startsWith('/api/blocks')
        ? Promise.resolve(json(200, { items: blocks, nextCursor: null }))
        : Promise.resolve(json(404, { error: 'not found' }));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/settings/blocks', Component: BlocksPage }], {
    initialEntries: ['/settings/blocks'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ConfirmDialog />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  signInTestUser();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BlocksPage', () => {
  it('shows how to make or import a block beside the system blocks while the user has none', async () => {
    openPage([SYSTEM]);
    const guidance = await screen.findByRole('heading', { name: 'No blocks of your own yet' });
    // Before the system blocks: a phone shows it without scrolling past them.
    const system = screen.getByText('System blocks');
    expect(
      guidance.compareDocumentPosition(system) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Browse the community library' }).getAttribute('href'),
    ).toBe('/library?tab=recommended');
  });

  it('leaves the guidance out once the user has a block of their own', async () => {
    openPage([SYSTEM, testBlock('b-1', 'Reviewer')]);
    await screen.findByText('Reviewer');
    expect(screen.queryByRole('heading', { name: 'No blocks of your own yet' })).toBeNull();
  });

  it('gives focus to the card beside a deleted one, not to the page', async () => {
    const user = userEvent.setup();
    openPage([SYSTEM, testBlock('b-1', 'Reviewer'), testBlock('b-2', 'Tester')]);
    await user.click(await screen.findByRole('button', { name: 'Delete block Reviewer' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Reviewer')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit block Tester' }));
  });
});
