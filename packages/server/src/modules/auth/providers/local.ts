import { createHash } from 'node:crypto';
import { LOCAL_AUTH_CODE_TTL_SECONDS } from '../../../limits';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { sha256 } from '../crypto';
import type { LoginFlow } from '../flow';
import { ProviderError, type LoginProvider } from './types';

const AUDIENCE = 'promptloom-local-code';

/** A key of its own for local codes, derived from the app secret. */
const keyOf = (secret: string) => createHash('sha256').update(`local-code:${secret}`).digest();

export interface LocalIdentity {
  name: string;
  email: string;
}

/**
 * The local provider's authorization code: encrypted and authenticated (A256GCM), so the
 * server alone can read it, valid a minute, and bound to the flow by its state's hash.
 * Single use follows from the flow being single use.
 */
export function issueLocalCode(
  secret: string,
  flow: LoginFlow,
  identity: LocalIdentity,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({ name: identity.name, email: identity.email, flow: sha256(flow.state) })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LOCAL_AUTH_CODE_TTL_SECONDS)
    .encrypt(keyOf(secret));
}

/** The path of the sign-in page; relative, so it is same-origin whatever the Host. */
export const localAuthorizePath = (state: string) =>
  `/api/auth/local/authorize?state=${encodeURIComponent(state)}`;

/**
 * Built-in sign-in for a single machine: a form asks for a name and an email. Accounts are
 * (local, lower-cased email): the email is the only identity this provider has.
 */
export function localProvider(secret: string): LoginProvider {
  return {
    id: 'local',
    name: 'Local account',
    authorizationUrl: (flow) => Promise.resolve(localAuthorizePath(flow.state)),
    async finish({ code, flow, now }) {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtDecrypt(code, keyOf(secret), {
          audience: AUDIENCE,
          currentDate: now,
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
        }));
      } catch {
        throw new ProviderError('local code invalid or expired');
      }
      const { name, email } = payload;
      if (payload.flow !== sha256(flow.state))
        throw new ProviderError('local code of another flow');
      if (typeof name !== 'string' || typeof email !== 'string') {
        throw new ProviderError('local code without identity');
      }
      const normalised = email.trim().toLowerCase();
      return { provider: 'local', subject: normalised, name, email: normalised, avatarUrl: null };
    },
  };
}
