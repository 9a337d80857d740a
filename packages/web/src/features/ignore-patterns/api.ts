import {
  CACHE,
  gitignoreTemplateNamesAnswerSchema,
  gitignoreTemplateSchema,
  settingsResponseSchema,
  type SettingsResponse,
} from '@promptloom/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useCurrentUserId } from '../auth';

/**
 * Settings and gitignore templates. Keys carry the user id and queries
 * run only while signed in. Settings are never stale: they change only
 * through this page's save, which writes the answer straight into the cache.
 */
export function settingsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['settings', userId] as const,
    queryFn: ({ signal }) => api.get('/api/settings', settingsResponseSchema, signal),
    enabled: userId !== null,
    staleTime: Infinity,
  });
}

/** Templates are static for a server build: kept 24 hours. */
export function templateNamesQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['gitignore-templates', userId, 'names'] as const,
    queryFn: ({ signal }) =>
      api.get('/api/settings/gitignore-templates', gitignoreTemplateNamesAnswerSchema, signal),
    enabled: userId !== null,
    staleTime: CACHE.templatesMs,
    gcTime: CACHE.templatesMs,
  });
}

export function templateQueryOptions(userId: string | null, name: string) {
  return queryOptions({
    queryKey: ['gitignore-templates', userId, 'detail', name] as const,
    queryFn: ({ signal }) =>
      api.get(
        `/api/settings/gitignore-templates/${encodeURIComponent(name)}`,
        gitignoreTemplateSchema,
        signal,
      ),
    enabled: userId !== null,
    staleTime: CACHE.templatesMs,
    gcTime: CACHE.templatesMs,
  });
}

/** The user's settings: core system patterns, global patterns and the system author id. */
export function useSettings() {
  return useQuery(settingsQueryOptions(useCurrentUserId()));
}

export function useTemplateNames(enabled = true) {
  const options = templateNamesQueryOptions(useCurrentUserId());
  return useQuery({ ...options, enabled: options.enabled && enabled });
}

/** Fetches one template through the cache (a second load of the same one is instant). */
export function useFetchTemplate() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return (name: string) => queryClient.fetchQuery(templateQueryOptions(userId, name));
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: (globalIgnorePatterns: string[]) =>
      api.put('/api/settings', { globalIgnorePatterns }, settingsResponseSchema),
    onSuccess: (settings: SettingsResponse) => {
      queryClient.setQueryData(settingsQueryOptions(userId).queryKey, settings);
    },
  });
}

/** The composition new projects start with (null: the built-in one), saved at once. */
export function useSetDefaultComposition() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: (compositionId: string | null) =>
      api.put('/api/settings/default-composition', { compositionId }, settingsResponseSchema),
    onSuccess: (settings: SettingsResponse) => {
      queryClient.setQueryData(settingsQueryOptions(userId).queryKey, settings);
    },
  });
}
