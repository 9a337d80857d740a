import type { SubscriptionUpdate } from '@promptloom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testBlock } from '../../../test/block-fixture';
import { useAuthStore } from '../../auth';
import { UpdatePreviewModal } from './update-preview-modal';
import { json } from '../../../test/api-stub';
import { signInTestUser, testUser } from '../../../test/user-fixture';

const URL = '/api/shared-items/i1/update-subscription/s1';
const UPDATE: SubscriptionUpdate = {
  baseVersion: 1,
  baseContent: 'a\nb\nc\nd\ne\n',
  version: 2,
  name: 'Reviewer',
  content: 'A\nb\nc\nd\ntheirs\n',
  versionNotes: null,
};
// Upstream changed the first line (merged cleanly); both changed the last one (a conflict).
const BLOCK = testBlock('b1', 'Reviewer', {
  content: 'a\nb\nc\nd\nmine\n',
  subscription: { id: 's1', sharedItemId: 'i1', subscribedVersion: 1, detached: null },
  sharedVersion: { id: 'i1', version: 2, authorId: 'ada', edited: false },
});

let posted: unknown[];
beforeEach(() => {
  posted = [];
  signInTestUser(testUser({ id: 'bob', name: 'Bob', email: null }), 'jwt');
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      if (url === URL && init.method === 'GET') return Promise.resolve(json(200, UPDATE));
      if (url === URL && init.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return Promise.resolve(json(200, { blockId: 'b1', subscribedVersion: 2 }));
      }
      return Promise.resolve(json(404, { error: 'not found', code: 'NOT_FOUND' }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ status: 'loading', user: null });
});

describe('update preview', () => {
  it('marks upstream changes, writes nothing until the conflict is settled, then sends the merge', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <UpdatePreviewModal open block={BLOCK} onClose={onClose} />
      </QueryClientProvider>,
    );
    const change = await screen.findByRole('group', { name: 'Version 2' });
    expect(within(change).getByText('A')).toBeTruthy();
    const conflict = screen.getByRole('group', { name: 'Conflict 1 of 1' });
    const accept = screen.getByRole<HTMLButtonElement>('button', { name: 'Accept update' });
    expect(accept.disabled).toBe(true);

    within(conflict).getByRole('radio', { name: 'Mine' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(conflict).getByRole<HTMLInputElement>('radio', { name: 'Both' }).checked).toBe(
      true,
    );
    await user.click(accept);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([{ baseVersion: 1, version: 2, content: 'A\nb\nc\nd\nmine\ntheirs\n' }]);
  });

  it('accepts an edited result only once its conflict markers are gone', async () => {
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <UpdatePreviewModal open block={BLOCK} onClose={() => {}} />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit the result' }));
    const text = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Merged text' });
    expect(text.value).toContain('<<<<<<< Your version\nmine\n=======');
    const accept = screen.getByRole<HTMLButtonElement>('button', { name: 'Accept update' });
    expect(accept.disabled).toBe(true);
    await user.clear(text);
    await user.type(text, 'my own text');
    expect(accept.disabled).toBe(false);
    await user.click(accept);
    await vi.waitFor(() =>
      expect(posted).toEqual([{ baseVersion: 1, version: 2, content: 'my own text' }]),
    );
  });
});
