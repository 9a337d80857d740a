import type { FileStat, PromptFormat, ResolvedModel, TokenizerId } from '@promptloom/core';
import type { CompositionItem } from '../stores/prompt-state';

/** The model a prompt was counted for and the format it was written in. */
export interface PromptModelInfo {
  id: string;
  label: string;
  tokenizer: TokenizerId;
  /** false: the count is an estimate, shown with ≈. */
  exact: boolean;
  /** The budget the count was held against (context window − answer reserve). */
  budget: number;
  format: PromptFormat;
}

export function promptModelInfo(model: ResolvedModel, format: PromptFormat): PromptModelInfo {
  return {
    id: model.preset.id,
    label: model.preset.label,
    tokenizer: model.tokenizer,
    exact: model.exact,
    budget: model.budget,
    format,
  };
}

/** What one generation hands to the history. */
export interface GeneratedPromptEvent {
  projectName: string;
  generatedPrompt: string;
  currentComposition: CompositionItem[];
  selectedFiles: string[];
  finalRequest: string;
  totalTokens: number;
  /** Absent from entries made before models could be picked (cl100k_base, 200,000). */
  model?: PromptModelInfo;
  /** Path -> size and mtime of every file of the tree (empty in standalone mode). */
  fileStructureSnapshot: Record<string, FileStat>;
  /** Path -> content of every file written into the prompt. */
  fileContentSnapshot: Record<string, string>;
}

type Listener = (event: GeneratedPromptEvent) => void | Promise<void>;
const listeners = new Set<Listener>();

/**
 * The one seam between generation and the history: the history feature registers here
 * (at module load) and receives every generated prompt. Returns an unsubscribe function.
 */
export function onPromptGenerated(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export async function emitPromptGenerated(event: GeneratedPromptEvent): Promise<void> {
  await Promise.all(
    [...listeners].map(async (listener) => {
      try {
        await listener(event);
      } catch (error) {
        console.error('A prompt-generated listener failed', error);
      }
    }),
  );
}
