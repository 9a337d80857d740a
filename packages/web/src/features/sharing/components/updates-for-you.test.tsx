import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { testBlock } from '../../../test/block-fixture';
import { UpdatesForYou } from './updates-for-you';
import { signInTestUser, testUser } from '../../../test/user-fixture';

const SUBSCRIBED = testBlock('b1', 'Reviewer', {
  subscription: { id: 'sub', sharedItemId: 's1', subscribedVersion: 1, detached: null },
  sharedVersion: { id: 's1', version: 2, authorId: 'ada', edited: false },
});

describe('Updates for you', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ items: [SUBSCRIBED], nextCursor: null }), { status: 200 }),
        ),
      ),
    );
    signInTestUser(testUser({ id: 'bob', name: 'Bob', email: null }), 'jwt');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  // A speech-input user says what they see: the button's name starts with its visible text.
  it.each(['en', 'fr'])('names each preview button after its visible text (%s)', async (lng) => {
    await i18n.changeLanguage(lng);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <UpdatesForYou />
      </QueryClientProvider>,
    );
    const button = await screen.findByRole('button', { name: /Reviewer$/ });
    expect(button.getAttribute('aria-label')!.startsWith(button.textContent)).toBe(true);
  });
});
