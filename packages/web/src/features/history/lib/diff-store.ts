import { create } from 'zustand';
import { resetStoreOnLogout } from '../../../lib/reset-registry';

/** Diff viewer state. `id` changes on every opening so a reopened diff recomputes. */
export interface DiffViewerState {
  id: number;
  isOpen: boolean;
  filePath: string;
  oldContent: string;
  newContent: string;
  /** When the old side was captured (the latest entry's timestamp). */
  snapshotAt: number;
  /** The current side shows the secrets the last prompt redacted as redacted. */
  redacted: boolean;
  /** Why the current side cannot be shown (only the last prompt's version is); null: it can. */
  unavailable: string | null;
}

export const useDiffViewer = create<DiffViewerState>(() => ({
  id: 0,
  isOpen: false,
  filePath: '',
  oldContent: '',
  newContent: '',
  snapshotAt: 0,
  redacted: false,
  unavailable: null,
}));

export function showDiff(state: Omit<DiffViewerState, 'id' | 'isOpen'>): void {
  useDiffViewer.setState((s) => ({ ...state, id: s.id + 1, isOpen: true }));
}

export function closeDiff(): void {
  // Contents are dropped so a large file is not kept in memory after closing.
  useDiffViewer.setState({ isOpen: false, oldContent: '', newContent: '' });
}

resetStoreOnLogout('diff viewer', useDiffViewer);
