import { linkedPaths } from '@promptloom/core';
import { useDeferredValue } from 'react';
import { create } from 'zustand';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';
import { onPromptGenerated } from '../../session';
import type { ApplyRecord } from '../lib/apply-records';
import type { Review } from '../lib/review';
import type { UndoOutcome, WriteOutcome } from '../lib/write-changes';
import { type Answer, answerText } from './answer-text';

interface ApplyState {
  isOpen: boolean;
  /** The box's text, kept as the box holds it: read it with `answerText`. */
  answer: Answer;
  /** The answer read and planned; null while the answer is being pasted or edited. */
  review: Review | null;
  /** The file whose diff is shown. */
  selected: string | null;
  busy: boolean;
  /** While an answer is read: its Cancel. */
  reading: AbortController | null;
  written: WriteOutcome | null;
  undone: UndoOutcome | null;
}

const CLOSED = {
  review: null,
  selected: null,
  busy: false,
  reading: null,
  written: null,
  undone: null,
} satisfies Partial<ApplyState>;

/** The "Apply answer" dialog: the pasted answer, its review, what was written and undone. */
export const useApplyStore = create<ApplyState>(() => ({
  isOpen: false,
  answer: '',
  ...CLOSED,
}));

export const applyActions = {
  open: () => useApplyStore.setState({ isOpen: true, ...CLOSED }),
  close: () => {
    useApplyStore.getState().reading?.abort();
    useApplyStore.setState({ isOpen: false, ...CLOSED });
  },
  /** Stops reading the answer; the answer stays, to read again. */
  cancelRead: () => useApplyStore.getState().reading?.abort(),
  /** Back to the answer, to edit it and read it again. */
  edit: () => useApplyStore.setState(CLOSED),
  /** An edit in the box: its document, not made a string (see `answerText`). */
  setAnswer: (answer: Answer) => useApplyStore.setState({ answer }),
  toggle(path: string) {
    const { review } = useApplyStore.getState();
    if (!review) return;
    const checked = new Set(review.checked);
    // Files moving into each other's paths are written together, so checked together.
    const linked = linkedPaths(review.plan.files, path);
    if (checked.has(path)) for (const other of linked) checked.delete(other);
    else for (const other of linked) checked.add(other);
    useApplyStore.setState({ review: { ...review, checked } });
  },
  select: (selected: string) => useApplyStore.setState({ selected }),
  /** An earlier apply, opened from the history: what it wrote, with its Undo apply. */
  openRecord: (record: ApplyRecord) =>
    useApplyStore.setState({
      isOpen: true,
      ...CLOSED,
      written: { written: record.files.map((f) => f.path), notWritten: [], record },
    }),
};

/**
 * The review as the dialog shows it, and whether one is arriving (in the store, not drawn yet).
 * A review appearing is drawn at a deferred priority: the store's update, a render React must
 * finish at once, changes nothing on the page (the footer and the live region go on telling the
 * read), and React draws the review, its footer and its announcement together in slices of a
 * few ms that yield to the keys typed meanwhile. Once shown, the review follows the store at
 * once (a box ticked) and goes at once (Edit answer). Each component that reads it defers it
 * alike, so all of them change in the same render.
 */
export function useShownReview(): { review: Review | null; arriving: boolean } {
  const stored = useApplyStore((s) => s.review);
  const deferred = useDeferredValue(stored);
  const review = stored !== null && deferred !== null ? stored : null;
  return { review, arriving: stored !== null && review === null };
}

// A new prompt asks for a new answer: the last one, already applied or not, goes, so that a
// paste into the box is the whole new answer and never lands after the old one.
onPromptGenerated(() => useApplyStore.setState({ answer: '' }));

/** The answer's text as it is now, with the last key typed in the box. */
export const currentAnswer = () => answerText(useApplyStore.getState().answer);

resetStoreOnLogout('apply dialog', useApplyStore);
