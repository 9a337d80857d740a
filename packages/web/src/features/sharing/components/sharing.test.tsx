import type { Block } from '@promptloom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { testBlock } from '../../../test/block-fixture';
import { useAuthStore } from '../../auth';
import { BlockShareActions } from './block-share-actions';
import { PublishUpdateModal } from './publish-update-modal';
import { ShareModal } from './share-modal';

const BLOCK: Block = testBlock('b1', 'Reviewer', { content: 'Review it.' });

// Signed out: queries stay disabled and nothing reaches the network before validation.
const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

afterEach(async () => {
  useAuthStore.setState({ status: 'loading', user: null });
  await i18n.changeLanguage('en');
});

describe('share modal (create mode)', () => {
  it('adds tags on Enter, ignores blanks and duplicates, and stops at 10', async () => {
    const user = userEvent.setup();
    wrap(<ShareModal open block={BLOCK} onClose={() => {}} />);
    const input = screen.getByRole('textbox', { name: /^Tags/ });
    await user.type(input, 'Review{Enter}   {Enter}review{Enter}');
    const list = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#review']);
    for (let i = 2; i <= 10; i++) await user.type(input, `t${i}{Enter}`);
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect((input as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('You have reached 10 tags.')).toBeTruthy();
  });

  it('shows the messages in French for a too long tag and description', async () => {
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    wrap(<ShareModal open block={BLOCK} onClose={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: /^Tags/ }), `${'x'.repeat(51)}{Enter}`);
    expect(screen.getByText('Un tag ne doit pas dépasser 50 caractères.')).toBeTruthy();
    await user.click(screen.getByRole('textbox', { name: /^Description/ }));
    await user.paste('d'.repeat(2001));
    await user.click(screen.getByRole('button', { name: 'Partager' }));
    expect(screen.getByText('La description ne doit pas dépasser 2000 caractères.')).toBeTruthy();
  });

  it('refuses a tag holding a text-direction override, with the names message', async () => {
    const user = userEvent.setup();
    wrap(<ShareModal open block={BLOCK} onClose={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: /^Tags/ }), 'safe\u202Eexe{Enter}');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(
      screen.getByText(
        'A name cannot contain invisible characters or text-direction controls (such as U+202E): they can make it read as something else.',
      ),
    ).toBeTruthy();
    // Still the form: nothing was shared.
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('offers an expiration only for a private link', async () => {
    const user = userEvent.setup();
    wrap(<ShareModal open block={BLOCK} onClose={() => {}} />);
    expect(screen.queryByLabelText('Link expiration')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Private link/ }));
    const select = screen.getByLabelText<HTMLSelectElement>('Link expiration');
    expect([...select.options].map((o) => o.value)).toEqual(['0', '7', '30', '90']);
  });
});

describe('publish-update modal', () => {
  it('requires version notes (French message)', async () => {
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    const shared = {
      ...BLOCK,
      sharedVersion: { id: 's1', version: 1, authorId: 'me', edited: false },
    };
    wrap(<PublishUpdateModal open block={shared} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    expect(screen.getByText('Les notes de version sont obligatoires.')).toBeTruthy();
  });

  it('warns when the block has not changed since the version shared, and only then', () => {
    const shared = {
      ...BLOCK,
      sharedVersion: { id: 's1', version: 2, authorId: 'me', edited: false },
    };
    const { unmount } = wrap(<PublishUpdateModal open block={shared} onClose={() => {}} />);
    expect(screen.getByRole('note').textContent).toBe(
      'The name and text have not changed since v2: subscribers would get the same block.',
    );
    unmount();
    wrap(
      <PublishUpdateModal
        open
        block={{ ...shared, sharedVersion: { ...shared.sharedVersion, edited: true } }}
        onClose={() => {}}
      />,
    );
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('block card actions', () => {
  const names = () => screen.queryAllByRole('button').map((b) => b.getAttribute('aria-label'));

  it('offers share for an unshared block and nothing for a system block', () => {
    const { unmount } = wrap(<BlockShareActions block={BLOCK} />);
    expect(names()).toEqual(['Share Reviewer']);
    unmount();
    wrap(<BlockShareActions block={{ ...BLOCK, systemBehavior: 'INDELETABLE' }} />);
    expect(names()).toEqual([]);
  });

  it('offers only the update for a subscribed block with a newer version', () => {
    wrap(
      <BlockShareActions
        block={{
          ...BLOCK,
          subscription: { id: 'sub', sharedItemId: 's1', subscribedVersion: 1, detached: null },
          sharedVersion: { id: 's1', version: 2, authorId: 'someone-else', edited: false },
        }}
      />,
    );
    expect(names()).toEqual(['Update available for Reviewer']);
  });

  it('offers nothing for a copy detached from its item (revoked link, deleted item)', () => {
    wrap(
      <BlockShareActions
        block={{
          ...BLOCK,
          subscription: {
            id: 'sub',
            sharedItemId: null,
            subscribedVersion: 1,
            detached: 'DELETED',
          },
          sharedVersion: null,
        }}
      />,
    );
    expect(names()).toEqual([]);
  });

  it('offers the author a labelled publish only once the block differs from its shared version', () => {
    useAuthStore.setState({
      status: 'authenticated',
      user: { id: 'me', name: 'Me', email: null, avatarUrl: null, provider: 'local' },
    });
    const block = {
      ...BLOCK,
      sharedVersion: { id: 's1', version: 3, authorId: 'me', edited: false },
    };
    const { rerender } = wrap(<BlockShareActions block={block} />);
    // As published: nothing to publish, only the share to manage.
    expect(names()).toEqual(['Manage the share of Reviewer']);
    expect(screen.getByText('Shared · v3')).toBeTruthy();
    expect(screen.queryByText('Edited since v3')).toBeNull();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <BlockShareActions
          block={{ ...block, sharedVersion: { ...block.sharedVersion, edited: true } }}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Edited since v3')).toBeTruthy();
    expect(
      screen.getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label')),
    ).toEqual(['Publish update', 'Manage the share of Reviewer']);
  });

  it('gives focus back to the block once shared: its Share button becomes Manage share', async () => {
    useAuthStore.setState({
      status: 'authenticated',
      user: { id: 'me', name: 'Me', email: null, avatarUrl: null, provider: 'local' },
    });
    const user = userEvent.setup();
    const { rerender } = wrap(<BlockShareActions block={BLOCK} />);
    await user.click(screen.getByRole('button', { name: 'Share Reviewer' }));
    const dialog = screen.getByRole('dialog');
    // Shared while the dialog is open: the block comes back with its shared version.
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <BlockShareActions
          block={{
            ...BLOCK,
            sharedVersion: { id: 's1', version: 1, authorId: 'me', edited: false },
          }}
        />
      </QueryClientProvider>,
    );
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Manage the share of Reviewer' }),
    );
  });
});
