import { create } from 'zustand';
import type { PromptModelInfo } from '../lib/prompt-generated';

/** Transient workspace UI state: filters, the prompt modal, the block being edited. */
interface WorkspaceUiState {
  showSelectedOnly: boolean;
  showChangesOnly: boolean;
  generatedPrompt: string | null;
  generating: boolean;
  /** Expanded directories of the file tree (kept here so a remount keeps them open). */
  expandedDirs: ReadonlySet<string>;
  toggleExpanded: (path: string) => void;
  resetExpanded: () => void;
  /** SPEC §4 Filters: turning one filter on turns the other off. */
  toggleSelectedFilter: () => void;
  toggleChangesFilter: () => void;
  resetFilters: () => void;
  /** Exact token count of the generated prompt shown in the viewer. */
  generatedPromptTokens: number;
  /** The model it was counted for (the viewer shows the budget and ≈ from it). */
  generatedPromptModel: PromptModelInfo | null;
  openPrompt: (prompt: string, tokens: number, model?: PromptModelInfo) => void;
  closePrompt: () => void;
  /** The last prompt generated in this tab, kept after its viewer closes (Ctrl+Shift+C). */
  lastPrompt: string | null;
  /** Bumped by the `/` shortcut: the file search opens and takes the focus. */
  searchRequest: number;
  requestSearch: () => void;
  /** The `?` dialog listing the keyboard shortcuts. */
  shortcutsOpen: boolean;
  setShortcutsOpen: (open: boolean) => void;
}

export const useWorkspaceUi = create<WorkspaceUiState>((set) => ({
  showSelectedOnly: false,
  showChangesOnly: false,
  generatedPrompt: null,
  generatedPromptTokens: 0,
  generatedPromptModel: null,
  generating: false,
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
  openPrompt: (generatedPrompt, generatedPromptTokens, model) =>
    set({
      generatedPrompt,
      generatedPromptTokens,
      generatedPromptModel: model ?? null,
      lastPrompt: generatedPrompt,
    }),
  lastPrompt: null,
  searchRequest: 0,
  requestSearch: () => set((s) => ({ searchRequest: s.searchRequest + 1 })),
  shortcutsOpen: false,
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  closePrompt: () => set({ generatedPrompt: null }),
}));
