import type { FileStat } from '@promptloom/core';
import type { CompositionItem } from '../stores/prompt-store';

/** What one generation hands to the history (SPEC §3 History entry, minus id and timestamp). */
export interface GeneratedPromptEvent {
  projectName: string;
  generatedPrompt: string;
  currentComposition: CompositionItem[];
  selectedFiles: string[];
  finalRequest: string;
  totalTokens: number;
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
