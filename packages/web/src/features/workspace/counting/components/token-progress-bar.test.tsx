import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '#web/lib/i18n.ts';
import { TokenProgressBar } from './token-progress-bar';

/** The fill's colour classes and what the bar says, for one count against 100,000. */
function bar(current: number) {
  const { unmount } = render(<TokenProgressBar current={current} max={100_000} />);
  const progress = screen.getByRole('progressbar', { name: 'Token count' });
  const fill = progress.firstElementChild as HTMLElement;
  const seen = {
    fill: fill.className,
    width: fill.style.width,
    text: screen.getByTestId('token-count').textContent,
    over: screen.queryByTestId('over-budget')?.textContent ?? null,
    valueText: progress.getAttribute('aria-valuetext'),
    state: progress.getAttribute('data-state'),
    textState: screen.getByTestId('token-count').getAttribute('data-state'),
    textClass: screen.getByTestId('token-count').className,
  };
  unmount();
  return seen;
}

describe('TokenProgressBar', () => {
  it('is red over the budget, bar and text, and striped with words unlike 96 % (decision 099)', () => {
    const near = bar(96_000);
    const over = bar(112_345);
    expect(near.fill).toContain('bg-red-500');
    expect(near.over).toBeNull();
    expect(near.state).toBe('danger');
    expect(over.state).toBe('over');
    expect(over.textState).toBe('over');
    expect(over.fill).toContain('bg-red-600');
    expect(over.fill).toContain('repeating-linear-gradient');
    expect(over.textClass).toContain('text-red-700');
    expect(near.textClass).not.toContain('text-red');
    expect(over.over).toBe('Over budget by 12,345');
    expect(over.valueText).toContain('Over budget by 12,345');
    // Both fill the bar's width or nearly: the colour and the words tell them apart.
    expect(near.width).toBe('96%');
    expect(over.width).toBe('100%');
  });

  it('is blue, then amber above 75 %, red above 90 %; exactly the budget is not over', () => {
    expect(bar(50_000).fill).toContain('bg-indigo-500');
    expect(bar(80_000).fill).toContain('bg-amber-400');
    expect(bar(91_000).fill).toContain('bg-red-500');
    const full = bar(100_000);
    expect(full.fill).toContain('bg-red-500');
    expect(full.over).toBeNull();
  });
});
