import {
  PROJECT_ONLY_BLOCK_TYPES,
  type PromptItem,
  type StructureMode,
  type TokenizerId,
} from '@promptloom/core';
import { countPromptSegments } from './count-segments';
import { buildPromptInput, type PromptSources } from './prompt-input';

export type BlockCostSources = Omit<PromptSources, 'finalRequest' | 'composition' | 'blocksById'>;

/**
 * The exact tokens one system block costs: the block alone rendered as the prompt renders it
 * (the project's format and language, the project model's budget for auto structure, the
 * latest history entry for the changes block) and counted by the same workers and tokenizer
 * as the prompt. Null when a project block has no project to render from, or while the
 * project's folder is not listed yet.
 */
export async function blockCost(
  sources: BlockCostSources,
  item: PromptItem,
  tokenizerId: TokenizerId,
  isStale: () => boolean = () => false,
): Promise<number | null> {
  const input = {
    ...buildPromptInput({ ...sources, composition: [], blocksById: new Map(), finalRequest: '' }),
    items: [item],
  };
  // Without a project there is nothing to render a project block from, and in project mode
  // no block renders until the folder is listed: nothing to count yet, not a failure.
  if (!input.project && (input.mode === 'PROJECT' || PROJECT_ONLY_BLOCK_TYPES.has(item.type))) {
    return null;
  }
  const counted = await countPromptSegments(input, sources.tree?.index.stats, isStale, tokenizerId);
  return counted ? counted.counts.reduce((sum, n) => sum + n, 0) : null;
}

/** What one PROJECT_STRUCTURE block costs in `mode` (decision 031). */
export async function structureCost(
  sources: BlockCostSources,
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
  return blockCost(sources, item, tokenizerId, isStale);
}
