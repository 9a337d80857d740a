import type { PromptItem } from '@promptloom/core';
import { useCallback, useMemo } from 'react';
import { blockCost, type BlockCostSources } from '../lib/structure-costs';
import { useCostAfterCount } from './use-cost-after-count';
import { usePromptSources } from './use-prompt-sources';
import { useProjectModel } from '../../session';

/**
 * The exact tokens of one system block as it would be written now (null while counting, or
 * without a project for a project block): counted again when the project's format, language,
 * tree or latest history entry changes, or when `item` does (pass a memoised item).
 */
export function useBlockCost(item: PromptItem): number | null {
  const { mode, projectName, provider, tree, format, budget, language, previousPrompt } =
    usePromptSources();
  const { tokenizer } = useProjectModel();
  const sources = useMemo<BlockCostSources>(
    () => ({
      mode,
      projectName,
      provider,
      tree,
      format,
      budget,
      language,
      previousPrompt,
      selectedFiles: [],
    }),
    [mode, projectName, provider, tree, format, budget, language, previousPrompt],
  );
  const count = useCallback(
    (from: BlockCostSources, isStale: () => boolean) => blockCost(from, item, tokenizer, isStale),
    [item, tokenizer],
  );
  return useCostAfterCount(sources, count, 'Block cost skipped');
}
