import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { testBlock } from '../../../test/block-fixture';
import { BlockPicker, BlockPickerSearch } from './block-picker';

const BLOCKS = [
  testBlock('b1', 'Alpha', { category: 'Roles' }),
  testBlock('b2', 'Beta'),
  testBlock('b3', 'Gamma', { category: 'Roles' }),
];

function Harness({ actionLabels = false }: { actionLabels?: boolean }) {
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const counts = new Map(picked.map((id) => [id, 1]));
  return (
    <>
      <BlockPickerSearch value={query} onChange={setQuery} listId="picker" />
      <BlockPicker
        id="picker"
        blocks={BLOCKS}
        counts={counts}
        query={query}
        actionLabels={actionLabels}
        emptyText="Nothing yet"
        onToggle={(b) =>
          setPicked((p) => (p.includes(b.id) ? p.filter((x) => x !== b.id) : [...p, b.id]))
        }
      />
    </>
  );
}

const buttonNames = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('BlockPicker', () => {
  it('filters by name and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(buttonNames()).toEqual(['Alpha', 'Gamma', 'Beta']);
    await user.type(screen.getByRole('searchbox', { name: 'Search blocks' }), 'MM');
    expect(buttonNames()).toEqual(['Gamma']);
    await user.type(screen.getByRole('searchbox', { name: 'Search blocks' }), 'x');
    expect(screen.getByText('No block matches.')).toBeTruthy();
  });

  it('moves from the search box into the list and along it with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('searchbox', { name: 'Search blocks' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Alpha');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Beta');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Alpha');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Alpha' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('names buttons by their action when asked', async () => {
    const user = userEvent.setup();
    render(<Harness actionLabels />);
    await user.click(screen.getByRole('button', { name: 'Add Beta' }));
    expect(screen.getByRole('button', { name: 'Remove Beta' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
