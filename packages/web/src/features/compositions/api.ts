import {
  compositionPageSchema,
  compositionSchema,
  type Composition,
  type CompositionBody,
} from '@promptloom/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useCurrentUserId } from '../auth';

/**
 * Saved-composition queries, keyed per user and run only while
 * signed in; mutations refresh through these options' keys.
 */
export function compositionsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['compositions', userId, 'list'] as const,
    queryFn: ({ signal }) => api.getAllPages('/api/compositions', compositionPageSchema, signal),
    enabled: userId !== null,
  });
}

export function compositionQueryOptions(userId: string | null, compositionId: string | null) {
  return queryOptions({
    queryKey: ['compositions', userId, 'detail', compositionId] as const,
    queryFn: ({ signal }) =>
      api.get(
        `/api/compositions/${encodeURIComponent(compositionId ?? '')}`,
        compositionSchema,
        signal,
      ),
    enabled: userId !== null && compositionId !== null,
  });
}

/** Every composition query of one user (lists and details). */
export const allCompositionsQueryKey = (userId: string | null) => ['compositions', userId] as const;

export function useCompositions() {
  return useQuery(compositionsQueryOptions(useCurrentUserId()));
}

/** Refreshes the user's saved compositions, e.g. after a block was deleted. */
export function useInvalidateCompositions() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return () => queryClient.invalidateQueries({ queryKey: allCompositionsQueryKey(userId) });
}

export function useCreateComposition() {
  const invalidate = useInvalidateCompositions();
  return useMutation({
    mutationFn: (body: CompositionBody) => api.post('/api/compositions', body, compositionSchema),
    onSuccess: invalidate,
  });
}

export function useUpdateComposition() {
  const invalidate = useInvalidateCompositions();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CompositionBody }) =>
      api.put(`/api/compositions/${encodeURIComponent(id)}`, body, compositionSchema),
    onSuccess: invalidate,
  });
}

export function useDeleteComposition() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/compositions/${encodeURIComponent(id)}`),
    onSuccess: async (_data, id) => {
      queryClient.setQueryData(
        compositionsQueryOptions(userId).queryKey,
        (compositions?: Composition[]) => compositions?.filter((c) => c.id !== id),
      );
      queryClient.removeQueries({ queryKey: compositionQueryOptions(userId, id).queryKey });
      await queryClient.invalidateQueries({ queryKey: allCompositionsQueryKey(userId) });
    },
  });
}
