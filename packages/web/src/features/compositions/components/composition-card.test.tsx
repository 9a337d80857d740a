import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { CompositionCard } from './composition-card';

describe('composition card', () => {
  it('titles the card with a level-2 heading, the level under the page title', () => {
    render(
      <CompositionCard
        composition={{
          id: 'c1',
          name: 'Review flow',
          blocks: [],
          createdAt: '',
          updatedAt: '',
        }}
        blocksById={new Map()}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Review flow' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Review flow' })).toBeTruthy();
  });
});
