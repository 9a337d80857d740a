import {
  accessTokenListSchema,
  createdAccessTokenSchema,
  type AccessToken,
  type AccessTokenBody,
} from '@promptloom/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useCurrentUserId } from '../auth';

/** The user's personal access tokens (for the CLI and MCP server), keyed per user. */
export function accessTokensQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['access-tokens', userId] as const,
    queryFn: ({ signal }) => api.get('/api/access-tokens', accessTokenListSchema, signal),
    enabled: userId !== null,
  });
}

export function useAccessTokens() {
  return useQuery(accessTokensQueryOptions(useCurrentUserId()));
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: (body: AccessTokenBody) =>
      api.post('/api/access-tokens', body, createdAccessTokenSchema),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: accessTokensQueryOptions(userId).queryKey }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/access-tokens/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) =>
      queryClient.setQueryData(
        accessTokensQueryOptions(userId).queryKey,
        (tokens?: AccessToken[]) => tokens?.filter((token) => token.id !== id),
      ),
  });
}
