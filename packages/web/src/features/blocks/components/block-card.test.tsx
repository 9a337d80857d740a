import type { Block } from '@promptloom/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { testBlock } from '../../../test/block-fixture';
import { BlockCard } from './block-card';

const SUBSCRIBED: Block = testBlock('b1', 'Reviewer', {
  content: 'Review it.',
  subscription: { id: 'sub', sharedItemId: 's1', subscribedVersion: 1, detached: null },
  sharedVersion: { id: 's1', version: 1, authorId: 'someone-else', edited: false },
});

const card = (block: Block) => {
  render(<BlockCard block={block} onEdit={() => {}} onDelete={() => {}} />);
  return screen.getByRole('article', { name: 'Reviewer' });
};

const detached = (reason: 'REVOKED' | 'DELETED'): Block => ({
  ...SUBSCRIBED,
  subscription: { id: 'sub', sharedItemId: null, subscribedVersion: 1, detached: reason },
  sharedVersion: null,
});

describe('BlockCard: a subscriber is told when their copy is detached (decision 042)', () => {
  it('says the author revoked the link, and that the copy is theirs', () => {
    const article = card(detached('REVOKED'));
    expect(within(article).getByText('Detached')).toBeTruthy();
    expect(
      within(article).getByText(
        'The author revoked the link: this copy is yours and gets no more updates.',
      ),
    ).toBeTruthy();
    expect(within(article).queryByText(/^Subscribed/)).toBeNull();
  });

  it('says the author deleted the shared block', () => {
    const article = card(detached('DELETED'));
    expect(
      within(article).getByText(
        'The author deleted this shared block: this copy is yours and gets no more updates.',
      ),
    ).toBeTruthy();
  });

  it('says nothing of the kind while the subscription is live', () => {
    const article = card(SUBSCRIBED);
    expect(within(article).queryByText('Detached')).toBeNull();
    expect(within(article).queryByText(/gets no more updates/)).toBeNull();
  });
});
