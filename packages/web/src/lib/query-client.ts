import { CACHE } from '@promptloom/core';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Defaults: 5 min stale, 3 retries with back-off capped at 30 s; no retry on 4xx. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: CACHE.defaultStaleMs,
      retry: (failureCount, error) =>
        failureCount < CACHE.defaultRetries &&
        !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, CACHE.maxRetryDelayMs),
    },
  },
});
