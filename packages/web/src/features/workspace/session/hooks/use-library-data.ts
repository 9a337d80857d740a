import type { Block } from '@promptloom/core';
import { useMemo } from 'react';
import { useBlocks } from '../../../blocks';
import { useCompositions } from '../../../compositions';

/**
 * The user's blocks (and an id index) and saved compositions, from the blocks features,
 * with each query's failure and its retry (a failed list offers Retry).
 */
export function useLibraryData() {
  const blocksQuery = useBlocks();
  const compositionsQuery = useCompositions();
  const blocks = useMemo(() => blocksQuery.data ?? [], [blocksQuery.data]);
  const blocksById = useMemo(() => new Map<string, Block>(blocks.map((b) => [b.id, b])), [blocks]);
  return {
    blocks,
    blocksById,
    compositions: compositionsQuery.data ?? [],
    isLoading: blocksQuery.isLoading,
    error: blocksQuery.error,
    blocksQuery,
    compositionsQuery,
  };
}
