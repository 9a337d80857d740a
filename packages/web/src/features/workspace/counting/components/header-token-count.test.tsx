import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../../lib/i18n';
import { HeaderTokenCount } from './header-token-count';

function count(total: number, calculating = false) {
  const { unmount } = render(
    <HeaderTokenCount
      total={total}
      budget={100_000}
      calculating={calculating}
      approximate={false}
    />,
  );
  const el = screen.getByTestId('top-bar-tokens');
  const seen = { text: el.textContent, state: el.dataset.state, className: el.className };
  unmount();
  return seen;
}

describe('HeaderTokenCount', () => {
  it('turns red over the budget, like the bar', () => {
    const over = count(104_228);
    expect(over.text).toBe('104,228 / 100,000');
    expect(over.state).toBe('over');
    expect(over.className).toContain('text-red-700');
  });

  it('stays grey within the budget and while counting', () => {
    const within = count(96_000);
    expect(within.state).toBe('danger');
    expect(within.className).not.toContain('text-red');
    expect(count(104_228, true).className).not.toContain('text-red');
  });
});
