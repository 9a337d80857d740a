import { create } from 'zustand';
import { resetStoreOnLogout } from '../../../../lib/reset-registry';
import type { ApplyRecord } from '../lib/apply-records';
import type { Review } from '../lib/review';
import type { UndoOutcome, WriteOutcome } from '../lib/write-changes';

interface ApplyState {
  isOpen: boolean;
  answer: string;
  /** The answer read and planned; null while the answer is being pasted or edited. */
  review: Review | null;
  /** The file whose diff is shown. */
  selected: string | null;
  busy: boolean;
  written: WriteOutcome | null;
  undone: UndoOutcome | null;
}

const CLOSED = {
  review: null,
  selected: null,
  busy: false,
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
  close: () => useApplyStore.setState({ isOpen: false, ...CLOSED }),
  /** Back to the answer, to edit it and read it again. */
  edit: () => useApplyStore.setState(CLOSED),
  setAnswer: (answer: string) => useApplyStore.setState({ answer }),
  toggle(path: string) {
    const { review } = useApplyStore.getState();
    if (!review) return;
    const checked = new Set(review.checked);
    if (checked.has(path)) checked.delete(path);
    else checked.add(path);
    useApplyStore.setState({ review: { ...review, checked } });
  },
  select: (selected: string) => useApplyStore.setState({ selected }),
  /** An earlier apply, opened from the history: what it wrote, with its Undo apply. */
  openRecord: (record: ApplyRecord) =>
    useApplyStore.setState({
      isOpen: true,
      ...CLOSED,
      written: { written: record.files.map((f) => f.path), conflicts: [], errors: [], record },
    }),
};

resetStoreOnLogout('apply dialog', useApplyStore);
