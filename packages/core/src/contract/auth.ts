import { z } from 'zod';
import { displayNameText } from './names';
import { cleanText, text } from './text';

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The sign-in provider the account belongs to (an id of AUTH_PROVIDER_IDS). */
  provider: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const AUTH_PROVIDER_IDS = ['local', 'github', 'google', 'gitlab', 'oidc'] as const;
export const authProviderIdSchema = z.enum(AUTH_PROVIDER_IDS);
export type AuthProviderId = z.infer<typeof authProviderIdSchema>;

export const authProviderSchema = z.object({ id: authProviderIdSchema, name: z.string() });
export const authProvidersResponseSchema = z.array(authProviderSchema);
export type AuthProvider = z.infer<typeof authProviderSchema>;

export const authUrlResponseSchema = z.object({ authUrl: z.string(), state: z.string() });
/**
 * `code` from the provider's redirect. `state` and `iss` are the other callback parameters:
 * when sent, the server checks them against the flow cookie and the provider's issuer.
 */
export const finalizeLoginBodySchema = z.object({
  code: text().min(1).max(4096),
  state: text().min(1).max(512).optional(),
  iss: text().min(1).max(2048).optional(),
});
export type FinalizeLoginBody = z.infer<typeof finalizeLoginBodySchema>;
export const accessTokenResponseSchema = z.object({ accessToken: z.string() });
/**
 * POST /api/auth/refresh?signedOut=answer: a session the server will not renew (no refresh
 * cookie, an ended or a reused one) is answered 200 `{ accessToken: null }`, not 401. The web
 * app asks so: for it that answer is the ordinary start of a signed-out visit or the end of a
 * session, and a browser writes every 4xx a page fetches to its console as an error.
 */
export const refreshQuerySchema = z.object({ signedOut: z.literal('answer').optional() });
export const refreshResponseSchema = z.object({ accessToken: z.string().nullable() });
/**
 * The empty answer (204) of POST /api/auth/logout (this sign-in ends) and
 * POST /api/auth/logout-all ("Sign out everywhere": every sign-in of the user ends, its access
 * tokens refused at once on every instance; personal access tokens are separate credentials
 * and keep working until revoked, decision 039).
 */
export const signedOutSchema = z.null().describe('Signed out');
export const providerParamsSchema = z.object({ provider: authProviderIdSchema });

export const localSignInFormSchema = z.object({
  name: displayNameText().trim().min(1).max(255),
  email: z.email().max(255).superRefine(cleanText),
  state: text().min(1),
});
