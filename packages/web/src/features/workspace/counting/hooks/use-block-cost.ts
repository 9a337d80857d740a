import type { PromptItem } from '@promptloom/core';
import { useEffect, useMemo, useState } from 'react';
import { blockCost, type BlockCostSources } from '../lib/structure-costs';
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
  const [cost, setCost] = useState<{ for: unknown; tokens: number } | null>(null);
  useEffect(() => {
    let stale = false;
    // A task after the prompt's own count, which the same change started and the bar waits on.
    const timer = setTimeout(() => {
      void blockCost(sources, item, tokenizer, () => stale)
        .then((tokens) => {
          if (!stale && tokens !== null) setCost({ for: sources, tokens });
        })
        .catch((error: unknown) => console.warn('Block cost skipped', error));
    }, 0);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [sources, item, tokenizer]);
  return cost && cost.for === sources ? cost.tokens : null;
}
