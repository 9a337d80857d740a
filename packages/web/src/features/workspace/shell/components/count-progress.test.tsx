import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '#web/lib/i18n.ts';
import { CountProgress } from './count-progress';

describe('CountProgress', () => {
  it('says how many of the selected files a long count has read', () => {
    render(<CountProgress done={1200} total={2686} />);
    const bar = screen.getByRole('progressbar', { name: 'Counting the selected files' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1200');
    expect(bar.getAttribute('aria-valuemax')).toBe('2686');
    expect(bar.getAttribute('aria-valuetext')).toBe('Counting 1,200 of 2,686 files…');
    expect(bar.textContent).toBe('Counting 1,200 of 2,686 files…');
  });
});
