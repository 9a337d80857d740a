import {
  sharedItemSchema,
  shareResultSchema,
  subscriptionUpdateSchema,
  updateSubscriptionResponseSchema,
  type AcceptUpdateBody,
  type ShareForm,
  type ShareOptions,
} from '@promptloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useCurrentUserId } from '../auth';
import { allBlocksQueryKey } from '../blocks';
import { allSharedItemsQueryKey } from '../library';

/** Sharing changes both the blocks (sharedVersion/subscription) and the library caches. */
function useInvalidateSharing() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: allBlocksQueryKey(userId) }),
      queryClient.invalidateQueries({ queryKey: allSharedItemsQueryKey(userId) }),
    ]);
}

export function useShareBlock() {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationFn: ({ blockId, form }: { blockId: string; form: ShareForm }) =>
      api.post(`/api/blocks/${encodeURIComponent(blockId)}/share`, form, shareResultSchema),
    onSuccess: invalidate,
  });
}

export function useUpdateShareOptions() {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationFn: ({ id, options }: { id: string; options: ShareOptions }) =>
      api.patch(`/api/shared-items/${encodeURIComponent(id)}/options`, options, sharedItemSchema),
    onSuccess: invalidate,
  });
}

/** Deletes a shared item (author only); subscribers' copies are detached by the server. */
export function useDeleteSharedItem() {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/shared-items/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function usePublishUpdate() {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationFn: ({ id, versionNotes }: { id: string; versionNotes: string }) =>
      api.put(`/api/shared-items/${encodeURIComponent(id)}`, { versionNotes }, sharedItemSchema),
    onSuccess: invalidate,
  });
}

const subscriptionPath = (sharedItemId: string, subscriptionId: string) =>
  `/api/shared-items/${encodeURIComponent(sharedItemId)}/update-subscription/${encodeURIComponent(subscriptionId)}`;

/**
 * The base and latest version of a subscription, to merge with the block (decision 098).
 * Never cached across openings: the preview must merge from the current base.
 */
export function useSubscriptionUpdate(sharedItemId: string | null, subscriptionId: string | null) {
  const userId = useCurrentUserId();
  return useQuery({
    queryKey: [...allBlocksQueryKey(userId), 'subscription-update', sharedItemId, subscriptionId],
    queryFn: ({ signal }) =>
      api.get(subscriptionPath(sharedItemId!, subscriptionId!), subscriptionUpdateSchema, signal),
    enabled: sharedItemId !== null && subscriptionId !== null,
    gcTime: 0,
    staleTime: 0,
  });
}

/** Writes the merged text; after it the block list is refreshed. */
export function useAcceptUpdate() {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationFn: ({
      sharedItemId,
      subscriptionId,
      body,
    }: {
      sharedItemId: string;
      subscriptionId: string;
      body: AcceptUpdateBody;
    }) =>
      api.post(
        subscriptionPath(sharedItemId, subscriptionId),
        body,
        updateSubscriptionResponseSchema,
      ),
    // A refused accept (stale preview) refreshes the block as well: the merge starts again.
    onSettled: invalidate,
  });
}
