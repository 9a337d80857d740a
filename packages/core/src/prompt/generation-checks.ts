/** What a prompt needs before it is generated, and the error that says what is missing. */
import type { BlockType } from '../contract/blocks';
import type { PromptInput } from './prompt-types';

export type GenerationErrorCode = 'PROJECT_NOT_READY' | 'COMPOSITION_EMPTY';

/** Generation messages (French; the web shows them by code in the user's language). */
export const GENERATION_MESSAGES: Record<GenerationErrorCode, string> = {
  PROJECT_NOT_READY: "Le projet ou le fournisseur de fichiers n'est pas prêt.",
  COMPOSITION_EMPTY: 'Votre composition est vide.',
};

export class GenerationError extends Error {
  constructor(readonly code: GenerationErrorCode) {
    super(GENERATION_MESSAGES[code]);
    this.name = 'GenerationError';
  }
}

/** Block types that need a project: left out of standalone prompts. */
export const PROJECT_ONLY_BLOCK_TYPES: ReadonlySet<BlockType> = new Set([
  'PROJECT_STRUCTURE',
  'SELECTED_FILES_CONTENT',
  'CHANGES_SINCE_LAST_PROMPT',
]);

export function validateGeneration(input: Pick<PromptInput, 'items' | 'project' | 'mode'>): void {
  if (input.mode === 'PROJECT' && !input.project) throw new GenerationError('PROJECT_NOT_READY');
  if (input.items.length === 0) throw new GenerationError('COMPOSITION_EMPTY');
}
