import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import '#web/lib/i18n.ts';
import { plannedFile, reviewOf } from '#web/test/planned-file.ts';
import { openApplyDialogStores } from '#web/test/apply-dialog-stores.ts';
import { reviewAnswer } from '../lib/review';
import { useApplyStore } from '../stores/apply-store';
import { ApplyDialog } from './apply-dialog';

// The read itself is another test's: here, only the review it gives.
vi.mock('../lib/review', async (original) => ({
  ...(await original<object>()),
  reviewAnswer: vi.fn(),
}));

openApplyDialogStores();

/** A hundred files, each changed, all ticked. */
const manyFiles = () =>
  Array.from({ length: 100 }, (_, k) => plannedFile(`src/f${k}.ts`, 'modified'));
const reviewOfMany = (files: ReturnType<typeof manyFiles>) =>
  reviewOf(
    files,
    files.map((f) => f.path),
  );

const answerBox = () => screen.findByRole('textbox', { name: 'Model answer' });

// Each test draws a 100-file review in happy-dom, deferred renders included: seconds on two
// cores shared with the other suites.
describe('Read answer', { timeout: 60_000 }, () => {
  it('shows the review it reads, every file of it reachable, the first one focused', async () => {
    const files = manyFiles();
    const review = reviewOfMany(files);
    vi.mocked(reviewAnswer).mockResolvedValueOnce(review);
    // The answer is offered to the apply worker, which jsdom has not: read on the page.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useApplyStore.setState({ answer: 'an answer' });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApplyDialog />
      </QueryClientProvider>,
    );
    const box = await answerBox();
    fireEvent.click(screen.getByRole('button', { name: 'Read answer' }));
    await waitFor(() => expect(useApplyStore.getState().review).toBe(review));
    // The review's deferred render is left to a test's act (React's test environment).
    await act(() =>
      vi.waitFor(() =>
        expect(screen.getByRole('list', { name: 'Files the answer touches' })).toBeTruthy(),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Files the answer touches' });
    // The rows in view are drawn; each tells its place among all 100.
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(rows[0]!.getAttribute('aria-setsize')).toBe('100');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: /^src\/f0\.ts/, pressed: true }),
      ),
    );
    await waitFor(() => expect(box.tabIndex).toBe(-1));
    // The last file is reached by scrolling the review's box.
    const scroll = document.querySelector<HTMLElement>('[data-review-scroll]')!;
    Object.defineProperty(scroll, 'scrollTop', { get: () => 99 * 38, configurable: true });
    fireEvent.scroll(scroll);
    await waitFor(() =>
      expect(within(list).getByRole('checkbox', { name: 'src/f99.ts' })).toBeTruthy(),
    );
    // Edit answer takes the review away at once, the box back in the tab order.
    act(() => screen.getByRole('button', { name: 'Edit answer' }).click());
    expect(screen.queryByRole('list', { name: 'Files the answer touches' })).toBeNull();
    await waitFor(() => expect(box.tabIndex).toBe(0));
  });

  it('changes nothing at once as the review arrives: footer, announcement and list come together', async () => {
    const files = manyFiles();
    const review = reviewOfMany(files);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useApplyStore.setState({ answer: 'an answer', reading: new AbortController(), busy: true });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApplyDialog />
      </QueryClientProvider>,
    );
    await answerBox();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Reading the answer…');
    // The store's update as the read ends: what React renders at once, read before the test's
    // act renders what it deferred.
    let atOnce = {};
    act(() => {
      flushSync(() => useApplyStore.setState({ review, reading: null, busy: false }));
      atOnce = {
        cancel: screen.queryByRole('button', { name: 'Cancel' }) !== null,
        editAnswer: screen.queryByRole('button', { name: 'Edit answer' }) !== null,
        status: status.textContent,
        list: screen.queryByRole('list', { name: 'Files the answer touches' }) !== null,
      };
    });
    expect(atOnce).toEqual({
      cancel: true,
      editAnswer: false,
      status: 'Reading the answer…',
      list: false,
    });
    // The deferred render: all of the review at once.
    await act(() =>
      vi.waitFor(() =>
        expect(screen.getByRole('list', { name: 'Files the answer touches' })).toBeTruthy(),
      ),
    );
    expect(screen.getByRole('button', { name: 'Edit answer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(status.textContent).toBe('Answer read: 100 files to review.');
    // The review's frame-later work (its first file focused) ends within the test.
    await waitFor(() =>
      expect(document.activeElement?.hasAttribute('data-review-file')).toBe(true),
    );
  });
});
