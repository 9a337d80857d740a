import type { PromptItem, StructureMode, TokenizerId } from '@promptloom/core';
import { countPromptSegments } from './count-segments';
import { buildPromptInput, type PromptSources } from './prompt-input';

/**
 * The exact tokens one PROJECT_STRUCTURE block costs in `mode`: the block rendered as the
 * prompt renders it (the project's format, the project model's budget for auto) and counted
 * by the same workers and tokenizer as the prompt. Null when there is no project to render.
 */
export async function structureCost(
  sources: Omit<PromptSources, 'finalRequest' | 'composition' | 'blocksById'>,
  mode: StructureMode,
  tokenizerId: TokenizerId,
  isStale: () => boolean = () => false,
): Promise<number | null> {
  const item: PromptItem = {
    type: 'PROJECT_STRUCTURE',
    content: '',
    isActive: true,
    structure: mode,
  };
  const input = {
    ...buildPromptInput({ ...sources, composition: [], blocksById: new Map(), finalRequest: '' }),
    items: [item],
  };
  if (!input.project) return null;
  const counted = await countPromptSegments(input, sources.tree?.index.stats, isStale, tokenizerId);
  return counted ? counted.counts.reduce((sum, n) => sum + n, 0) : null;
}
