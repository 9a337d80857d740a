import {
  blockCategoriesSchema,
  blockPageSchema,
  blockSchema,
  type Block,
  type BlockBodyInput,
} from '@promptloom/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useCurrentUserId } from '../auth';

/**
 * Block queries. Keys carry the user id and queries run only while
 * signed in; mutations refresh through these options' keys.
 */
export function blocksQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['blocks', userId, 'list'] as const,
    queryFn: ({ signal }) => api.getAllPages('/api/blocks', blockPageSchema, signal),
    enabled: userId !== null,
  });
}

export function blockQueryOptions(userId: string | null, blockId: string | null) {
  return queryOptions({
    queryKey: ['blocks', userId, 'detail', blockId] as const,
    queryFn: ({ signal }) =>
      api.get(`/api/blocks/${encodeURIComponent(blockId ?? '')}`, blockSchema, signal),
    enabled: userId !== null && blockId !== null,
  });
}

export function blockCategoriesQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['blocks', userId, 'categories'] as const,
    queryFn: ({ signal }) => api.get('/api/blocks/categories', blockCategoriesSchema, signal),
    enabled: userId !== null,
  });
}

/** Every block query of one user: lists, details and categories. */
export const allBlocksQueryKey = (userId: string | null) => ['blocks', userId] as const;

export function useBlocks() {
  return useQuery(blocksQueryOptions(useCurrentUserId()));
}

export function useBlockCategories() {
  return useQuery(blockCategoriesQueryOptions(useCurrentUserId()));
}

/** After a change the user's cached block lists are refreshed. */
function useInvalidateBlocks() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return () => queryClient.invalidateQueries({ queryKey: allBlocksQueryKey(userId) });
}

export function useCreateBlock() {
  const invalidate = useInvalidateBlocks();
  return useMutation({
    mutationFn: (body: BlockBodyInput) => api.post('/api/blocks', body, blockSchema),
    onSuccess: invalidate,
  });
}

export function useUpdateBlock() {
  const invalidate = useInvalidateBlocks();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BlockBodyInput }) =>
      api.put(`/api/blocks/${encodeURIComponent(id)}`, body, blockSchema),
    onSuccess: invalidate,
  });
}

export interface DeleteBlockOptions {
  /**
   * Runs after the server deleted the block (it is gone from saved compositions too):
   * the caller refreshes what depends on blocks outside this feature, e.g. compositions
   * and the working compositions of every project.
   */
  onDeleted?: (blockId: string) => void | Promise<unknown>;
}

export function useDeleteBlock({ onDeleted }: DeleteBlockOptions = {}) {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/blocks/${encodeURIComponent(id)}`),
    onSuccess: async (_data, id) => {
      queryClient.setQueryData(blocksQueryOptions(userId).queryKey, (blocks?: Block[]) =>
        blocks?.filter((block) => block.id !== id),
      );
      queryClient.removeQueries({ queryKey: blockQueryOptions(userId, id).queryKey });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: allBlocksQueryKey(userId) }),
        onDeleted?.(id),
      ]);
    },
  });
}
