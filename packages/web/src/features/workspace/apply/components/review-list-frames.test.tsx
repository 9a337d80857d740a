import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '#web/lib/i18n.ts';
import { plannedFile, reviewOf } from '#web/test/planned-file.ts';
import { useApplyStore } from '../stores/apply-store';
import { ReviewList } from './review-list';

// Apart from the dialog's tests: the frames are counted here with requestAnimationFrame held,
// and a file of its own starts with no work left over from a dialog read before it.

afterEach(() => {
  vi.restoreAllMocks();
  useApplyStore.setState({ review: null });
});

/** A hundred files, each changed, all ticked. */
const manyFiles = () =>
  Array.from({ length: 100 }, (_, k) => plannedFile(`src/f${k}.ts`, 'modified'));

describe('the review list', () => {
  it('draws 8 rows in its first frame, the rest of its view in the next, then those past its edge', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => frames.push(run));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    const files = manyFiles();
    useApplyStore.setState({
      review: reviewOf(
        files,
        files.map((f) => f.path),
      ),
    });
    render(
      <div data-review-scroll className="overflow-y-auto">
        <ReviewList files={files} />
      </div>,
    );
    const list = screen.getByRole('list', { name: 'Files the answer touches' });
    const drawn = () => within(list).getAllByRole('listitem').length;
    // The box's height before it is seen: min(36rem, 60vh), a row every 38 px.
    const inView = Math.ceil(Math.min(576, window.innerHeight * 0.6) / 38);
    // The list asks for its next frame in an effect that can run after its rows are in the
    // document: wait for the request before running it.
    const frame = async () => {
      await waitFor(() => expect(frames.length).toBeGreaterThan(0));
      act(() => frames.splice(0).forEach((run) => run(performance.now())));
    };
    expect(inView).toBeGreaterThan(8);
    expect(drawn()).toBe(8);
    await frame();
    await waitFor(() => expect(drawn()).toBe(inView));
    await frame();
    await waitFor(() => expect(drawn()).toBe(inView + 6));
  });
});
