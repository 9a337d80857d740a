import { create } from 'zustand';

/** Transient workspace UI state: filters, the prompt modal, the block being edited. */
interface WorkspaceUiState {
  showSelectedOnly: boolean;
  showChangesOnly: boolean;
  generatedPrompt: string | null;
  generating: boolean;
  /** SPEC §4 Filters: turning one filter on turns the other off. */
  toggleSelectedFilter: () => void;
  toggleChangesFilter: () => void;
  resetFilters: () => void;
  openPrompt: (prompt: string) => void;
  closePrompt: () => void;
}

export const useWorkspaceUi = create<WorkspaceUiState>((set) => ({
  showSelectedOnly: false,
  showChangesOnly: false,
  generatedPrompt: null,
  generating: false,
  toggleSelectedFilter: () =>
    set((s) => ({ showSelectedOnly: !s.showSelectedOnly, showChangesOnly: false })),
  toggleChangesFilter: () =>
    set((s) => ({ showChangesOnly: !s.showChangesOnly, showSelectedOnly: false })),
  resetFilters: () => set({ showSelectedOnly: false, showChangesOnly: false }),
  openPrompt: (generatedPrompt) => set({ generatedPrompt }),
  closePrompt: () => set({ generatedPrompt: null }),
}));
