import { create } from 'zustand';
import type { PromptModelInfo } from '../../session';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

/** The generated prompt and its viewer: what was generated, its count, and whether it is open. */
interface PromptViewState {
  /** The prompt the viewer shows; null while the viewer is closed. */
  generatedPrompt: string | null;
  generating: boolean;
  /** Exact token count of the generated prompt shown in the viewer. */
  generatedPromptTokens: number;
  /** The model it was counted for (the viewer shows the budget and ≈ from it). */
  generatedPromptModel: PromptModelInfo | null;
  openPrompt: (prompt: string, tokens: number, model?: PromptModelInfo) => void;
  closePrompt: () => void;
  /** The last prompt generated in this tab, kept after its viewer closes (Ctrl+Shift+C). */
  lastPrompt: string | null;
}

export const usePromptView = create<PromptViewState>((set) => ({
  generatedPrompt: null,
  generatedPromptTokens: 0,
  generatedPromptModel: null,
  generating: false,
  openPrompt: (generatedPrompt, generatedPromptTokens, model) =>
    set({
      generatedPrompt,
      generatedPromptTokens,
      generatedPromptModel: model ?? null,
      lastPrompt: generatedPrompt,
    }),
  closePrompt: () => set({ generatedPrompt: null }),
  lastPrompt: null,
}));

resetStoreOnLogout('prompt view', usePromptView);
