import {
  CACHE,
  importResponseSchema,
  libraryResponseSchema,
  likeResponseSchema,
  sharedItemListSchema,
  sharedItemSchema,
  tagCountsResponseSchema,
  type ImportMode,
  type LibraryResponse,
  type LibrarySort,
  type SharedItem,
  type SharedItemSummary,
} from '@promptloom/core';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { libraryToast as toast } from './lib/toast';
import { useCurrentUserId } from '../auth';
import { allBlocksQueryKey } from '../blocks';

/** Every shared-item query of one user (lists, details, tags). */
export const allSharedItemsQueryKey = (userId: string | null) => ['shared-items', userId] as const;

export interface LibraryParams {
  search: string;
  tags: string[];
  sortBy: LibrarySort;
  page: number;
}

export function libraryQueryOptions(userId: string | null, params: LibraryParams) {
  const query = new URLSearchParams({ sortBy: params.sortBy, page: String(params.page) });
  if (params.search) query.set('search', params.search);
  if (params.tags.length) query.set('tags', params.tags.join(','));
  return queryOptions({
    queryKey: [...allSharedItemsQueryKey(userId), 'list', params] as const,
    queryFn: ({ signal }) =>
      api.get(`/api/shared-items?${query.toString()}`, libraryResponseSchema, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

export function recommendedQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...allSharedItemsQueryKey(userId), 'recommended'] as const,
    queryFn: ({ signal }) => api.get('/api/shared-items/recommended', sharedItemListSchema, signal),
    enabled: userId !== null,
  });
}

export function tagsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...allSharedItemsQueryKey(userId), 'tags'] as const,
    queryFn: ({ signal }) => api.get('/api/shared-items/tags', tagCountsResponseSchema, signal),
    enabled: userId !== null,
    staleTime: CACHE.tagsMs,
  });
}

/** A shared item fetch does not retry on 404 and retries up to 3 times otherwise. */
export function sharedItemQueryOptions(userId: string | null, id: string | null) {
  return queryOptions({
    queryKey: [...allSharedItemsQueryKey(userId), 'detail', id] as const,
    queryFn: ({ signal }) =>
      api.get(`/api/shared-items/${encodeURIComponent(id ?? '')}`, sharedItemSchema, signal),
    enabled: userId !== null && id !== null,
    staleTime: CACHE.sharedItemMs,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status === 404) && failureCount < CACHE.defaultRetries,
  });
}

export const useLibrary = (params: LibraryParams) =>
  useQuery(libraryQueryOptions(useCurrentUserId(), params));
export const useRecommended = () => useQuery(recommendedQueryOptions(useCurrentUserId()));
export const useLibraryTags = () => useQuery(tagsQueryOptions(useCurrentUserId()));
export const useSharedItem = (id: string | null) =>
  useQuery(sharedItemQueryOptions(useCurrentUserId(), id));

export function resolveShareToken(token: string): Promise<SharedItem> {
  return api.get(`/api/shared-items/share/${encodeURIComponent(token)}`, sharedItemSchema);
}

type Liked = Pick<SharedItemSummary, 'id' | 'likeCount' | 'isLikedByCurrentUser'>;

function flip<T extends Liked>(item: T, id: string, like: boolean): T {
  if (item.id !== id || item.isLikedByCurrentUser === like) return item;
  return { ...item, isLikedByCurrentUser: like, likeCount: item.likeCount + (like ? 1 : -1) };
}

/** Applies the optimistic like to every cached list and detail holding the item. */
function applyLike(queryClient: QueryClient, userId: string | null, id: string, like: boolean) {
  for (const [key, data] of queryClient.getQueriesData<unknown>({
    queryKey: allSharedItemsQueryKey(userId),
  })) {
    if (!data || typeof data !== 'object') continue;
    if (Array.isArray(data)) {
      queryClient.setQueryData(
        key,
        (data as SharedItemSummary[]).map((i) => flip(i, id, like)),
      );
    } else if ('data' in data && 'meta' in data) {
      const page = data as LibraryResponse;
      queryClient.setQueryData(key, { ...page, data: page.data.map((i) => flip(i, id, like)) });
    } else if ('likeCount' in data) {
      queryClient.setQueryData(key, flip(data as SharedItem, id, like));
    }
  }
}

/**
 * Like toggle: optimistic (flag and count move at once), refreshed after settling;
 * on error the caches are refreshed and a like-error toast shown.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  const key = allSharedItemsQueryKey(userId);
  return useMutation({
    mutationFn: ({ id, like }: { id: string; like: boolean }) =>
      like
        ? api.post(
            `/api/shared-items/${encodeURIComponent(id)}/like`,
            undefined,
            likeResponseSchema,
          )
        : api.delete(`/api/shared-items/${encodeURIComponent(id)}/like`, likeResponseSchema),
    onMutate: async ({ id, like }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = queryClient.getQueriesData<unknown>({ queryKey: key });
      applyLike(queryClient, userId, id, like);
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      // Roll back at once; the refetch in onSettled then brings the server's truth.
      for (const [queryKey, data] of context?.snapshot ?? []) {
        queryClient.setQueryData(queryKey, data);
      }
      // A like error shows the like-error toast (not the server's text).
      console.error('like failed', error);
      toast.error(i18n.t('library.likeError'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** POST /import: the new block appears in the block lists; the download count moves. */
export function useImportSharedItem() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: ({ id, importMode }: { id: string; importMode: ImportMode }) =>
      api.post(
        `/api/shared-items/${encodeURIComponent(id)}/import`,
        { importMode },
        importResponseSchema,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allBlocksQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: allSharedItemsQueryKey(userId) }),
      ]),
  });
}
