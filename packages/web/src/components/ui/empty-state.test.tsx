import { render, screen } from '@testing-library/react';
import { Inbox } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows the title as a heading when asked, with the description and the actions', () => {
    const { container } = render(
      <EmptyState
        icon={Inbox}
        heading
        title="No blocks yet"
        description="Create one to start."
        actions={<button type="button">New block</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No blocks yet' })).toBeTruthy();
    expect(screen.getByText('Create one to start.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New block' })).toBeTruthy();
    // The icon is decoration: hidden from assistive technology.
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.firstElementChild?.className).toContain('border-dashed');
  });

  it('keeps the title a paragraph by default and draws only what it is given', () => {
    const { container } = render(<EmptyState title="No tokens" />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('No tokens').tagName).toBe('P');
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelectorAll('p')).toHaveLength(1);
  });

  it('goes without its border when the surrounding panel frames it', () => {
    const { container } = render(<EmptyState description="Empty folder" framed={false} />);
    expect(container.firstElementChild?.className).not.toContain('border-dashed');
  });
});
