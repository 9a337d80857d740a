import type { Block, Composition } from '@promptloom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testBlock } from '#web/test/block-fixture.ts';
import { useAuthStore } from '../../../auth';
import { blocksQueryOptions } from '../../../blocks';
import { CompositionModal } from './composition-modal';
import { signInTestUser, testUser } from '#web/test/user-fixture.ts';

const USER = testUser({ name: 'Ada' });

const block = (id: string, name: string, over: Partial<Block> = {}): Block =>
  testBlock(id, name, { color: '#22C55E', ...over });

const BLOCKS = [
  block('b1', 'Alpha', { category: 'Roles' }),
  block('b2', 'Beta'),
  block('s1', 'Structure du projet', {
    type: 'PROJECT_STRUCTURE',
    isSystemBlock: true,
    systemBehavior: 'INDELETABLE',
  }),
];

const SAVED: Composition = {
  id: 'c1',
  name: 'Review',
  // Deliberately out of order: the modal sorts by `order`.
  blocks: [
    { blockId: 'b2', order: 2, name: 'Beta', color: null, type: 'STATIC' },
    { blockId: 's1', order: 0, name: 'Structure du projet', color: null, type: 'STATIC' },
    { blockId: 'b1', order: 1, name: 'Alpha', color: null, type: 'STATIC' },
  ],
  createdAt: '',
  updatedAt: '',
};

// The user's blocks are already cached (fresh), so the modal renders without the network.
function renderModal(composition: Composition | null) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(blocksQueryOptions(USER.id).queryKey, BLOCKS);
  render(
    <QueryClientProvider client={client}>
      <CompositionModal open composition={composition} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

const previewNames = () =>
  within(screen.getByRole('list', { name: 'Blocks in order' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^\d+/, ''));

beforeEach(() => {
  signInTestUser(USER, 't');
});
afterEach(() => {
  useAuthStore.setState({ status: 'unauthenticated', user: null, accessToken: null });
});

describe('CompositionModal', () => {
  it('groups available blocks: system first, then categories, then the uncategorised ones', () => {
    renderModal(null);
    const groups = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(groups).toEqual(['System blocks', 'Roles', 'Uncategorised']);
  });

  it('loads a saved composition sorted by order', () => {
    renderModal(SAVED);
    // A system block under its stored French default shows its name in the UI language.
    expect(previewNames()).toEqual(['Project structure', 'Alpha', 'Beta']);
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Review');
  });

  it('disables saving while the preview is empty, and toggles blocks in and out', async () => {
    const user = userEvent.setup();
    renderModal(null);
    const save = screen.getByRole('button', { name: 'Create composition' });
    expect(save).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Add Beta' }));
    await user.click(screen.getByRole('button', { name: 'Add Alpha' }));
    expect(previewNames()).toEqual(['Beta', 'Alpha']);
    expect(save).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Remove Beta' }));
    expect(previewNames()).toEqual(['Alpha']);
    await user.click(screen.getByRole('button', { name: 'Remove Alpha (position 1)' }));
    expect(screen.queryByRole('list', { name: 'Blocks in order' })).toBeNull();
    expect(save).toHaveProperty('disabled', true);
  });

  it('shows the name message under the field without calling the server', async () => {
    const user = userEvent.setup();
    renderModal(null);
    await user.click(screen.getByRole('button', { name: 'Add Beta' }));
    await user.click(screen.getByRole('button', { name: 'Create composition' }));
    expect(screen.getByText('The composition name cannot be empty.')).toBeTruthy();
  });

  it('refuses a name holding a text-direction override, without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderModal(null);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Review\u202Efdp.exe');
    await user.click(screen.getByRole('button', { name: 'Add Beta' }));
    await user.click(screen.getByRole('button', { name: 'Create composition' }));
    expect(
      screen.getByText(
        'A name cannot contain invisible characters or text-direction controls (such as U+202E): they can make it read as something else.',
      ),
    ).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
