import { create } from 'zustand';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

/** How the file tree is viewed: its filters, expanded folders and the search shortcut. */
interface FileViewState {
  showSelectedOnly: boolean;
  showChangesOnly: boolean;
  /** Expanded directories of the file tree (kept here so a remount keeps them open). */
  expandedDirs: ReadonlySet<string>;
  toggleExpanded: (path: string) => void;
  resetExpanded: () => void;
  /** The two filters exclude each other: turning one on turns the other off. */
  toggleSelectedFilter: () => void;
  toggleChangesFilter: () => void;
  resetFilters: () => void;
  /** Bumped by the `/` shortcut: the file search opens and takes the focus. */
  searchRequest: number;
  requestSearch: () => void;
}

export const useFileView = create<FileViewState>((set) => ({
  showSelectedOnly: false,
  showChangesOnly: false,
  expandedDirs: new Set(),
  toggleExpanded: (path) =>
    set((s) => {
      const next = new Set(s.expandedDirs);
      if (!next.delete(path)) next.add(path);
      return { expandedDirs: next };
    }),
  resetExpanded: () => set({ expandedDirs: new Set() }),
  toggleSelectedFilter: () =>
    set((s) => ({ showSelectedOnly: !s.showSelectedOnly, showChangesOnly: false })),
  toggleChangesFilter: () =>
    set((s) => ({ showChangesOnly: !s.showChangesOnly, showSelectedOnly: false })),
  resetFilters: () => set({ showSelectedOnly: false, showChangesOnly: false }),
  searchRequest: 0,
  requestSearch: () => set((s) => ({ searchRequest: s.searchRequest + 1 })),
}));

resetStoreOnLogout('file view', useFileView);
