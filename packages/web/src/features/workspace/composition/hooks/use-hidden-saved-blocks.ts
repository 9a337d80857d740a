import type { Composition } from '@promptloom/core';
import { useMemo } from 'react';
import { needsProject } from '../lib/block-rules';
import type { SavedItem } from '../lib/keep-hidden-blocks';
import { useSessionStore } from '../../session';

/**
 * The loaded saved composition's blocks in order, marked hidden when this session cannot
 * show them (project blocks in standalone mode), and how many are hidden.
 */
export function useHiddenSavedBlocks(loaded: Composition | null): {
  saved: SavedItem[];
  hidden: number;
} {
  const standalone = useSessionStore((s) => s.sessionMode === 'STANDALONE');
  return useMemo(() => {
    if (!loaded) return { saved: [], hidden: 0 };
    const saved = [...loaded.blocks]
      .sort((a, b) => a.order - b.order)
      .map((b) => ({ blockId: b.blockId, hidden: standalone && needsProject(b) }));
    return { saved, hidden: saved.filter((i) => i.hidden).length };
  }, [loaded, standalone]);
}
