import type { AuthProviderId } from '@promptloom/core';
import type { LoginFlow } from '../flow';
import type { ProviderProfile } from '../users.service';

export interface FinishInput {
  code: string;
  flow: LoginFlow;
  /** The `iss` callback parameter (RFC 9207) when the SPA forwarded it. */
  iss?: string;
  now: Date;
}

/** One way to sign in. External ones redirect to the provider; `local` to our own page. */
export interface LoginProvider {
  id: AuthProviderId;
  name: string;
  /** Where the browser goes to sign in, carrying the flow's state and PKCE challenge. */
  authorizationUrl(flow: LoginFlow): Promise<string>;
  /** Redeems the code (with the PKCE verifier), checks what came back, says who signed in. */
  finish(input: FinishInput): Promise<ProviderProfile>;
}

/** Each external provider has its own redirect URI, handled by the SPA (decision 002). */
export const redirectUriFor = (publicUrl: string, provider: AuthProviderId) =>
  `${publicUrl}/auth/finalize/${provider}`;

/** A provider answered something we cannot accept; the route answers 401 AUTH_FAILED. */
export class ProviderError extends Error {}
