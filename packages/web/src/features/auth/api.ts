import {
  accessTokenResponseSchema,
  authProvidersResponseSchema,
  refreshResponseSchema,
  authUrlResponseSchema,
  userSchema,
  type AuthProviderId,
  type FinalizeLoginBody,
} from '@promptloom/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The auth endpoints (decision 002). All live under /api/auth (no refresh-on-401). */
export const authApi = {
  providers: () => api.get('/api/auth/providers', authProvidersResponseSchema),
  authUrl: (provider: AuthProviderId) =>
    api.get(`/api/auth/${encodeURIComponent(provider)}`, authUrlResponseSchema),
  finalizeLogin: (provider: AuthProviderId, body: FinalizeLoginBody) =>
    api.post(
      `/api/auth/${encodeURIComponent(provider)}/finalize-login`,
      body,
      accessTokenResponseSchema,
    ),
  /** A new access token, or null when the session has ended (a 200, not a logged 401). */
  refresh: () => api.post('/api/auth/refresh?signedOut=answer', undefined, refreshResponseSchema),
  me: () => api.get('/api/auth/me', userSchema),
  logout: () => api.post('/api/auth/logout'),
  /** Ends every session of the user, this one included (decision 039). */
  logoutAll: () => api.post('/api/auth/logout-all'),
};

/** The enabled sign-in providers; public, so not keyed by user. */
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: authApi.providers,
    staleTime: Infinity,
  });

export function useProviders() {
  return useQuery(providersQueryOptions());
}
