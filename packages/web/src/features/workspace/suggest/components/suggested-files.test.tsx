import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '#web/lib/i18n.ts';
import { useSuggestStore } from '../stores/suggest-store';
import { SuggestedFiles } from './suggested-files';

// The region alone: ranking, counting and selecting run in workers the test has not.
vi.mock('../hooks/use-ranking', () => ({ useRanking: () => undefined }));
vi.mock('../hooks/use-row-costs', () => ({ useRowCosts: () => null }));
vi.mock('../hooks/use-select-suggested', () => ({ useSelectSuggested: () => () => undefined }));

const scrolled = vi.fn();
beforeEach(() => {
  scrolled.mockClear();
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(cleanup);

describe('the Suggested files region', () => {
  it('gives focus back to Suggest files when closed', async () => {
    act(() =>
      useSuggestStore.setState({ open: true, status: 'ready', ranked: [], ranking: false }),
    );
    render(
      <>
        <button type="button" aria-controls="region">
          Suggest files
        </button>
        <SuggestedFiles id="region" />
      </>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close suggested files' }));
    expect(screen.queryByRole('region', { name: 'Suggested files' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Suggest files' }));
  });

  it('says the files are being ranked until the first ranking lands, then what it found', () => {
    act(() =>
      useSuggestStore.setState({ open: true, status: 'ready', ranked: null, ranking: false }),
    );
    render(<SuggestedFiles id="region" />);
    const region = screen.getByRole('region', { name: 'Suggested files' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.textContent).toContain("Ranking the project's files for the request…");
    act(() => useSuggestStore.setState({ ranking: true }));
    expect(region.textContent).toContain("Ranking the project's files for the request…");
    act(() => useSuggestStore.setState({ ranked: [], ranking: false }));
    expect(region.getAttribute('aria-busy')).toBe('false');
    expect(region.textContent).not.toContain('Ranking');
    expect(region.textContent).toContain('No file matches this request.');
    expect(screen.queryByRole('button', { name: 'Select suggested' })).toBeNull();
  });

  it('says a ranking failed rather than wait for it', () => {
    act(() =>
      useSuggestStore.setState({
        open: true,
        status: 'ready',
        ranked: null,
        ranking: false,
        rankFailed: true,
      }),
    );
    render(<SuggestedFiles id="region" />);
    const region = screen.getByRole('region', { name: 'Suggested files' });
    expect(screen.getByRole('alert').textContent).toBe(
      'The files could not be ranked for this request.',
    );
    expect(region.textContent).not.toContain('Ranking');
    expect(region.getAttribute('aria-busy')).toBe('false');
    act(() => useSuggestStore.setState({ rankFailed: false }));
  });

  it('comes into view as it opens, and again when its rows land', () => {
    act(() =>
      useSuggestStore.setState({ open: true, status: 'ready', ranked: null, ranking: true }),
    );
    render(<SuggestedFiles id="region" />);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
    act(() => useSuggestStore.setState({ ranked: [], ranking: false }));
    expect(scrolled).toHaveBeenCalledTimes(2);
    // A new ranking of the same open region does not move the page again.
    act(() => useSuggestStore.setState({ ranked: [], ranking: true }));
    expect(scrolled).toHaveBeenCalledTimes(2);
  });

  it('reads a row whose count is on its way as counting tokens, not as an ellipsis', () => {
    act(() =>
      useSuggestStore.setState({
        open: true,
        status: 'ready',
        ranking: false,
        rankFailed: false,
        ranked: [{ path: 'src/a.ts', score: 1, role: 'source', reasons: [] }],
      }),
    );
    render(<SuggestedFiles id="region" />);
    const row = screen.getByRole('checkbox', { name: 'src/a.ts' }).closest('li')!;
    expect(row.textContent).toContain('Counting tokens…');
    const ellipsis = [...row.querySelectorAll('span')].find((span) => span.textContent === '…');
    expect(ellipsis?.getAttribute('aria-hidden')).toBe('true');
  });
});
