import type { ApplyFailure } from '@promptloom/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '#web/lib/i18n.ts';
import { plannedFile as file, reviewOf } from '#web/test/planned-file.ts';
import { queueSelectionChange } from '#web/test/queued-selectionchange.ts';
import { emitPromptGenerated } from '../../session';
import { heldAfters } from '../lib/held-afters';
import { currentAnswer, useApplyStore } from '../stores/apply-store';
import { AnswerInput } from './answer-input';
import { ApplyAnnouncer } from './apply-announcer';
import { ApplyOutcome } from './apply-outcome';
import { FailureItem, FileDetail } from './file-detail';
import { ReviewList } from './review-list';

beforeEach(() => {
  useApplyStore.setState({
    answer: '',
    review: null,
    written: null,
    undone: null,
    reading: null,
    busy: false,
  });
});

/** The answer box, and the editor it is the content of. */
const answerBox = () => {
  const box = screen.getByRole('textbox', { name: 'Model answer' });
  return { box, editor: EditorView.findFromDOM(box)! };
};

/** A paste of `text` into the box, as the browser sends it. */
const paste = (box: HTMLElement, text: string) =>
  fireEvent.paste(box, {
    clipboardData: {
      types: ['text/plain'],
      getData: (type: string) => (type === 'text/plain' ? text : ''),
    },
  });

describe('the Apply answer box', () => {
  queueSelectionChange();

  it('takes focus without selecting its old answer; a paste then replaces it', () => {
    useApplyStore.setState({ answer: 'the answer applied before' });
    render(<AnswerInput />);
    const { box, editor } = answerBox();
    expect(editor.hasFocus).toBe(true);
    expect(box.contains(document.activeElement)).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Paste the model's whole answer/,
    );
    expect(editor.state.selection.main.empty).toBe(true);
    paste(box, 'the new answer');
    expect(editor.state.doc.toString()).toBe('the new answer');
    expect(currentAnswer()).toBe('the new answer');
  });

  it('pastes where the caret is once the box was clicked or typed in', () => {
    useApplyStore.setState({ answer: 'the answer applied before' });
    render(<AnswerInput />);
    const { box, editor } = answerBox();
    fireEvent.pointerDown(box);
    editor.dispatch({ selection: { anchor: 4 } });
    paste(box, 'new ');
    expect(editor.state.doc.toString()).toBe('the new answer applied before');
    expect(editor.state.selection.main.head).toBe(8);
    // A key that moves the caret, then the paste shortcut: the caret was moved, the paste
    // lands at it and the old answer stays.
    cleanup();
    render(<AnswerInput />);
    const again = answerBox();
    again.editor.dispatch({ selection: { anchor: 3 } });
    fireEvent.keyDown(again.box, { key: 'ArrowRight' });
    fireEvent.keyDown(again.box, { key: 'v', ctrlKey: true });
    paste(again.box, '!');
    const text = again.editor.state.doc.toString();
    expect(text).toHaveLength('the new answer applied before'.length + 1);
    expect(text.replace('!', '')).toBe('the new answer applied before');
  });

  it('stays in place under a review, out of the tab order, and takes focus again after it', async () => {
    useApplyStore.setState({ answer: 'the answer read' });
    const { rerender } = render(<AnswerInput covered />);
    const { box, editor } = answerBox();
    expect(box.tabIndex).toBe(-1);
    expect(editor.hasFocus).toBe(false);
    // Covered, a paste into it (it cannot have focus) replaces nothing.
    paste(box, '>');
    expect(editor.state.doc.toString()).toBe('>the answer read');
    rerender(<AnswerInput covered={false} />);
    // The very same box (a new one would lay its text out again), focused; a paste replaces
    // its text.
    expect(screen.getByRole('textbox', { name: 'Model answer' })).toBe(box);
    expect(box.tabIndex).toBe(0);
    expect(editor.hasFocus).toBe(true);
    paste(box, 'the answer edited');
    expect(editor.state.doc.toString()).toBe('the answer edited');
    // Covered again: out of the tab order once the review has been drawn.
    rerender(<AnswerInput covered />);
    await waitFor(() => expect(box.tabIndex).toBe(-1));
  });

  it('takes edits into the store, refuses them while the answer is read', () => {
    render(<AnswerInput />);
    const { editor } = answerBox();
    editor.dispatch({ changes: { from: 0, insert: 'typed' }, userEvent: 'input.type' });
    expect(currentAnswer()).toBe('typed');
    act(() => useApplyStore.setState({ reading: new AbortController() }));
    editor.dispatch({ changes: { from: 5, insert: ' more' }, userEvent: 'input.type' });
    expect(editor.state.doc.toString()).toBe('typed');
    expect(currentAnswer()).toBe('typed');
  });

  it('starts empty after a new prompt, and follows the answer emptied while it shows', async () => {
    useApplyStore.setState({ answer: 'the answer applied before' });
    const generated = () =>
      emitPromptGenerated({
        projectName: 'demo',
        generatedPrompt: 'prompt',
        currentComposition: [],
        selectedFiles: [],
        finalRequest: '',
        totalTokens: 1,
        fileStructureSnapshot: {},
        fileContentSnapshot: {},
      });
    await act(generated);
    render(<AnswerInput />);
    const { editor } = answerBox();
    expect(editor.state.doc.toString()).toBe('');
    editor.dispatch({ changes: { from: 0, insert: 'an answer' } });
    await act(generated);
    expect(editor.state.doc.toString()).toBe('');
  });
});

describe('the review list', () => {
  it('shows a file the answer is already in as Already applied, unchecked and not checkable', () => {
    const files = [
      file('changed.ts', 'modified', { alreadyApplied: 2 }),
      file('done.ts', 'unchanged', { alreadyApplied: 1, after: 'a\n', added: 0, removed: 0 }),
    ];
    useApplyStore.setState({ review: reviewOf(files, ['changed.ts']) });
    render(<ReviewList files={files} />);
    const done = screen.getByRole<HTMLInputElement>('checkbox', { name: 'done.ts' });
    expect(done.checked).toBe(false);
    expect(done.disabled).toBe(true);
    const doneRow = screen.getByRole('button', { name: /^done\.ts/ });
    expect(doneRow.textContent).toMatch(/already applied/i);
    // Nothing to write: no "+0 −0" that reads as a change.
    expect(doneRow.textContent).not.toMatch(/[+−]\d/);
    // A file that still changes says how many of its blocks were there already.
    const changedRow = screen.getByRole('button', { name: /^changed\.ts/ });
    expect(changedRow.textContent).toContain('2 blocks already applied');
    expect(changedRow.textContent).toContain('+1 −1');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'changed.ts' }).checked).toBe(
      true,
    );
  });
});

describe('the review list of a large answer', () => {
  it('draws the rows in view, and the next ones as its box scrolls', async () => {
    const files = Array.from({ length: 60 }, (_, k) => file(`src/f${k}.ts`, 'modified'));
    useApplyStore.setState({
      review: reviewOf(
        files,
        files.map((f) => f.path),
      ),
    });
    render(
      <div data-review-scroll>
        <ReviewList files={files} />
      </div>,
    );
    // The first frame draws a part of the view, the next ones the rest.
    await waitFor(() => expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(8));
    const drawn = screen.getAllByRole('checkbox');
    expect(drawn.length).toBeLessThan(30);
    expect(drawn[0]!.getAttribute('aria-label')).toBe('src/f0.ts');
    // Each row says where it stands in the whole list.
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(rows[0]!.getAttribute('aria-setsize')).toBe('60');
    // The row holding the focus stays drawn when its box scrolls far below it.
    screen.getByRole('button', { name: /^src\/f1\.ts/ }).focus();
    const box = document.querySelector<HTMLElement>('[data-review-scroll]')!;
    let top = 0;
    Object.defineProperty(box, 'scrollTop', { get: () => top, configurable: true });
    top = 40 * 38;
    fireEvent.scroll(box);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'src/f45.ts' })).toBeTruthy());
    expect(screen.queryByRole('checkbox', { name: 'src/f10.ts' })).toBeNull();
    expect(document.activeElement?.textContent).toContain('src/f1.ts');
  });
});

describe('a file moved onto a path the answer deletes', () => {
  it('says it replaces a deleted file', () => {
    const files = [file('b.ts', 'renamed', { oldPath: 'a.ts', replacesDeleted: true })];
    useApplyStore.setState({ review: reviewOf(files, ['b.ts']) });
    render(<ReviewList files={files} />);
    const row = screen.getByRole('button', { name: /^a\.ts → b\.ts/ });
    expect(row.textContent).toContain('replaces a deleted file');
  });
});

describe('a renamed file', () => {
  it('shows a pure rename as one, without "+0 −0"; a rename with edits keeps its counts', () => {
    const files = [
      file('new/a.ts', 'renamed', {
        oldPath: 'old/a.ts',
        before: 'same\n',
        after: 'same\n',
        added: 0,
        removed: 0,
      }),
      file('new/b.ts', 'renamed', { oldPath: 'old/b.ts', added: 2, removed: 1 }),
    ];
    useApplyStore.setState({ review: reviewOf(files, ['new/a.ts', 'new/b.ts']) });
    render(<ReviewList files={files} />);
    const pure = screen.getByRole('button', { name: /^old\/a\.ts → new\/a\.ts/ });
    expect(pure.textContent).toContain('renamed only');
    expect(pure.textContent).not.toMatch(/\+0|−0/);
    const edited = screen.getByRole('button', { name: /^old\/b\.ts → new\/b\.ts/ });
    expect(edited.textContent).toContain('renamed');
    expect(edited.textContent).not.toContain('renamed only');
    expect(edited.textContent).toContain('+2 −1');
  });

  it('says a pure rename keeps its text, naming its old path', async () => {
    const moved = file('new/a.ts', 'renamed', {
      oldPath: 'old/a.ts',
      before: 'same\n',
      after: 'same\n',
      added: 0,
      removed: 0,
    });
    const { container } = render(<FileDetail file={moved} stale={false} />);
    await waitFor(() =>
      expect(container.textContent).toBe('Renamed from old/a.ts: its text stays as it is.'),
    );
  });
});

describe('the diff header', () => {
  it('draws each path on one line, its folders giving way first, whole for a screen reader', async () => {
    const path = 'packages/web/src/features/workspace/apply/components/review-list.tsx';
    const changed = file(path, 'modified');
    render(<FileDetail file={changed} stale={false} />);
    const region = await screen.findByRole('region', {
      name: `${path} now / ${path} after the apply`,
    });
    const headers = Array.from(region.querySelectorAll<HTMLElement>('[title]'));
    expect(headers.map((header) => header.title)).toEqual([path, path]);
    for (const header of headers) {
      expect(header.className).toContain('whitespace-nowrap');
      expect(header.querySelector('.sr-only')?.textContent).toBe(path);
      const parts = Array.from(header.querySelectorAll<HTMLElement>('[data-text]'));
      expect(parts.map((part) => part.dataset.text)).toEqual([
        'packages/web/src/features/workspace/apply/components/',
        'review-list',
        '.tsx',
      ]);
    }
    expect(region.textContent).toContain(`${path}now`);
    expect(region.textContent).toContain(`${path}after the apply`);
  });
});

describe('a file whose new text the apply worker holds', () => {
  it('asks for it once shown, and diffs against it', async () => {
    // Created empty before the answer: against no new text, its diff would be "identical".
    const held = file('a.ts', 'modified', { before: '', after: null, added: 1, removed: 0 });
    const asked: number[][] = [];
    const afters = heldAfters(new Map([[held, 4]]), (places) => {
      asked.push(places);
      return Promise.resolve([[4, 'fresh\n']]);
    });
    render(<FileDetail file={held} stale={false} afters={afters} />);
    expect(
      await screen.findByRole('region', { name: 'a.ts now / a.ts after the apply' }),
    ).toBeTruthy();
    expect(screen.queryByText('The answer leaves this file as it is.')).toBeNull();
    expect(asked).toEqual([[4]]);
  });
});

describe('a failed block', () => {
  it('shows the closest region with the differing words marked, and how alike it is', () => {
    const failure: ApplyFailure = {
      code: 'SEARCH_NOT_FOUND',
      params: { block: 1, path: 'README.md', startLine: 3, endLine: 3 },
      message: '',
      closest: {
        startLine: 3,
        endLine: 3,
        text: 'Use it for the project name.',
        similarity: 0.83,
        words: [
          { kind: 'same', text: 'Use it ' },
          { kind: 'expected', text: 'as' },
          { kind: 'found', text: 'for' },
          { kind: 'same', text: ' the project name.' },
        ],
      },
    };
    const { container } = render(<FailureItem failure={failure} />);
    expect(screen.getByText('Closest line in the file, 3 (83% alike):')).toBeTruthy();
    // The lines are named once, by the region's caption, not again in the sentence.
    expect(container.querySelector('p')?.textContent).toBe(
      'Block 1: the search text is not in README.md',
    );
    expect(container.textContent).not.toContain('3–3');
    expect(container.querySelector('del')?.textContent).toBe('as');
    expect(container.querySelector('ins')?.textContent).toBe('for');
    expect(container.querySelector('pre')?.textContent).toBe('Use it asfor the project name.');
  });

  it('names a region of several lines by its range, once', () => {
    const failure: ApplyFailure = {
      code: 'HUNK_FAILED',
      params: { block: 2, path: 'a.ts', hunk: 1, startLine: 4, endLine: 6 },
      message: '',
      closest: {
        startLine: 4,
        endLine: 6,
        text: 'a\nb\nc',
        similarity: 0.5,
        words: [{ kind: 'same', text: 'a\nb\nc' }],
      },
    };
    const { container } = render(<FailureItem failure={failure} />);
    expect(screen.getByText('Closest lines in the file, 4–6 (50% alike):')).toBeTruthy();
    expect(container.textContent?.match(/4–6/g)).toHaveLength(1);
  });
});

describe('the selected file', () => {
  it('says a file the answer is in already has nothing to write, with no empty diff after it', () => {
    const done = file('done.ts', 'unchanged', { alreadyApplied: 1, after: 'a\n', added: 0 });
    const { container } = render(<FileDetail file={done} stale={false} />);
    expect(container.textContent).toBe(
      'Already applied: what the answer asks for is in done.ts already. Nothing to write.',
    );
  });

  it('says it in French agreeing with the badge (masculine: what the answer asks for)', async () => {
    const done = file('done.ts', 'unchanged', { alreadyApplied: 1, after: 'a\n', added: 0 });
    await i18n.changeLanguage('fr');
    try {
      const { container } = render(<FileDetail file={done} stale={false} />);
      expect(container.textContent).toBe(
        'Déjà appliqué : ce que demande la réponse est déjà dans done.ts. Rien à écrire.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the write result', () => {
  const outcome = {
    written: ['a.ts', 'b.ts'],
    notWritten: [
      { path: 'c.ts', reason: 'conflict' as const },
      { path: 'd.ts', reason: 'unchecked' as const },
      { path: 'e.ts', reason: 'unchanged' as const },
      { path: 'f.ts', reason: 'failed' as const },
    ],
    record: { id: 'r1', projectName: 'demo', at: 0, files: [] },
  };

  it('lists what was written and what was not, and why; it takes focus', () => {
    render(<ApplyOutcome outcome={outcome} onUndo={() => {}} />);
    const title = screen.getByRole('heading', { name: '2 files written.' });
    expect(document.activeElement).toBe(title);
    const region = (name: string) => screen.getByRole('region', { name });
    expect(
      within(region('Written'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a.ts', 'b.ts']);
    expect(region('Changed on disk since the review: not written').textContent).toContain('c.ts');
    expect(region('Not checked: not written').textContent).toContain('d.ts');
    expect(region('Already applied: nothing to write').textContent).toContain('e.ts');
    expect(region('Their blocks did not apply: not written').textContent).toContain('f.ts');
  });

  it('after Undo, is titled and listed as an undo', () => {
    render(<ApplyOutcome outcome={outcome} onUndo={() => {}} />);
    act(() => useApplyStore.setState({ undone: { restored: ['a.ts'], leftAlone: ['b.ts'] } }));
    const title = screen.getByRole('heading', { name: 'Apply undone: 1 file restored.' });
    expect(document.activeElement).toBe(title);
    expect(screen.queryByRole('region', { name: 'Written' })).toBeNull();
    expect(screen.queryByText(/written/i)).toBeNull();
    expect(screen.getByRole('region', { name: 'Restored' }).textContent).toContain('a.ts');
    expect(
      screen.getByRole('region', { name: 'Changed since the apply: left alone' }).textContent,
    ).toContain('b.ts');
  });
});

describe('the dialog’s live region', () => {
  it('announces reading, the review, the write and the undo', () => {
    render(<ApplyAnnouncer />);
    const status = screen.getByRole('status');
    act(() => useApplyStore.setState({ reading: new AbortController() }));
    expect(status.textContent).toBe('Reading the answer…');
    const files = [file('a.ts', 'modified'), file('b.ts', 'failed')];
    act(() => useApplyStore.setState({ reading: null, review: reviewOf(files, ['a.ts']) }));
    expect(status.textContent).toBe(
      'Answer read: 2 files to review. 1 of them has blocks that did not apply.',
    );
    act(() =>
      useApplyStore.setState({ written: { written: ['a.ts'], notWritten: [], record: null } }),
    );
    expect(status.textContent).toBe('1 file written.');
    act(() => useApplyStore.setState({ undone: { restored: ['a.ts'], leftAlone: [] } }));
    expect(status.textContent).toBe('Apply undone: 1 file restored.');
  });
});
