import { Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '#web/lib/i18n.ts';
import { queueSelectionChange } from '#web/test/queued-selectionchange.ts';
import { useConnectionStore } from '../../project-files';
import { useSessionStore } from '../../session';
import { reviewAnswer } from '../lib/review';
import { isBlankAnswer } from '../stores/answer-text';
import { currentAnswer, useApplyStore } from '../stores/apply-store';
import { AnswerInput } from './answer-input';
import { ApplyDialog } from './apply-dialog';

// The read itself is another test's: here, only what it is given.
vi.mock('../lib/review', async (original) => ({
  ...(await original<object>()),
  reviewAnswer: vi.fn(() => Promise.reject(new DOMException('stopped', 'AbortError'))),
}));

/** About 2 MB over 100,000 lines, as the bench's answer. */
const BIG = 'const line = "an answer line of about twenty characters";\n'.repeat(35_000);

const answerBox = async () => {
  const box = await screen.findByRole('textbox', { name: 'Model answer' });
  return { box, editor: EditorView.findFromDOM(box)! };
};

const type = (editor: EditorView, text: string) => {
  for (const ch of text) {
    const at = editor.state.selection.main.head;
    editor.dispatch({
      changes: { from: at, insert: ch },
      selection: { anchor: at + 1 },
      userEvent: 'input.type',
    });
  }
};

queueSelectionChange();

beforeEach(() => {
  useApplyStore.setState({ answer: '', review: null, written: null, reading: null, busy: false });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('typing in the answer box', () => {
  it('hands each edit’s document to the store; the text is made once, when read', async () => {
    useApplyStore.setState({ answer: BIG });
    render(<AnswerInput />);
    const { editor } = await answerBox();
    const made = vi.spyOn(Text.prototype, 'toString');
    editor.dispatch({ selection: { anchor: 20 } });
    type(editor, 'abc');
    expect(made).not.toHaveBeenCalled();
    expect(useApplyStore.getState().answer).toBe(editor.state.doc);
    const text = currentAnswer();
    expect(made).toHaveBeenCalledTimes(1);
    expect(text).toBe(`${BIG.slice(0, 20)}abc${BIG.slice(20)}`);
    // Read again (the offer to the worker, then Read answer): the same string, not made again.
    expect(currentAnswer()).toBe(text);
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('keeps the edited answer when the box goes and comes back', async () => {
    const { unmount } = render(<AnswerInput />);
    type((await answerBox()).editor, 'kept');
    unmount();
    render(<AnswerInput />);
    const { editor } = await answerBox();
    expect(editor.state.doc.toString()).toBe('kept');
    expect(currentAnswer()).toBe('kept');
  });
});

describe('a blank answer', () => {
  it('is empty or white space, as a string or as the editor’s document', () => {
    expect(isBlankAnswer('')).toBe(true);
    expect(isBlankAnswer(' \n\t')).toBe(true);
    expect(isBlankAnswer(' x ')).toBe(false);
    expect(isBlankAnswer(Text.empty)).toBe(true);
    expect(isBlankAnswer(Text.of(['  ', '', '\t']))).toBe(true);
    // Past the first slices it reads.
    const spaces = ' '.repeat(10_000);
    expect(isBlankAnswer(Text.of([spaces, spaces]))).toBe(true);
    expect(isBlankAnswer(Text.of([spaces, `${spaces}x`]))).toBe(false);
  });
});

describe('Read answer', () => {
  beforeEach(() => {
    useSessionStore.setState({ projectName: 'demo' });
    useConnectionStore.setState({ provider: {} as never, handle: null });
    useApplyStore.setState({ isOpen: true });
  });
  afterEach(() => {
    useSessionStore.setState({ projectName: null });
    useConnectionStore.setState({ provider: null });
    useApplyStore.setState({ isOpen: false });
  });

  it('is enabled by the first key and reads the text typed just before the click', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApplyDialog />
      </QueryClientProvider>,
    );
    const { editor } = await answerBox();
    const read = screen.getByRole<HTMLButtonElement>('button', { name: 'Read answer' });
    expect(read.disabled).toBe(true);
    act(() => type(editor, 'x'));
    expect(read.disabled).toBe(false);
    act(() => type(editor, 'yz'));
    fireEvent.click(read);
    await waitFor(() => expect(reviewAnswer).toHaveBeenCalledTimes(1));
    expect(vi.mocked(reviewAnswer).mock.calls[0]![0]).toBe('xyz');
    act(() => editor.dispatch({ changes: { from: 0, to: 3, insert: ' \n' } }));
    expect(read.disabled).toBe(true);
  });
});
