import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '#web/lib/i18n.ts';
import { reviewOf } from '#web/test/planned-file.ts';
import { openApplyDialogStores } from '#web/test/apply-dialog-stores.ts';
import { reviewAnswer } from '../lib/review';
import { useApplyStore } from '../stores/apply-store';
import { ApplyDialog } from './apply-dialog';

// The read itself is another test's: here, only the review it gives. In a file of its own:
// run after review-shown's tests, which draw a 100-file review, it took over a minute (two
// seconds alone).
vi.mock('../lib/review', async (original) => ({
  ...(await original<object>()),
  reviewAnswer: vi.fn(),
}));

openApplyDialogStores();

describe('an answer with no edit in it', { timeout: 60_000 }, () => {
  it('says so, names the forms it reads, and leads back to the answer', async () => {
    const review = reviewOf([], []);
    vi.mocked(reviewAnswer).mockResolvedValueOnce(review);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useApplyStore.setState({ answer: 'Sure! I would change the greeting.' });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApplyDialog />
      </QueryClientProvider>,
    );
    // The editor's chunk, first loaded here when this test runs alone.
    const box = await screen.findByRole('textbox', { name: 'Model answer' }, { timeout: 30_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Read answer' }));
    await waitFor(() => expect(useApplyStore.getState().review).toBe(review));
    await act(() =>
      vi.waitFor(() =>
        expect(
          screen.getByText('No file edit was found in this answer.', { ignore: '[role=status]' }),
        ).toBeTruthy(),
      ),
    );
    const forms = screen.getByRole('list');
    expect(
      within(forms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Whole files', 'Search/replace blocks', 'Unified diff']);
    expect(screen.getByText(/^Ask the model to send its changes/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No file edit was found in this answer.');
    // Nothing to write: no Write changes, no patch; Edit answer is the way on.
    expect(screen.queryByRole('button', { name: 'Write changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download patch' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Edit answer' }).click());
    expect(screen.queryByText('No file edit was found in this answer.')).toBeNull();
    await waitFor(() => expect(box.tabIndex).toBe(0));
  });
});
