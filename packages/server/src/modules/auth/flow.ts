import { type AuthProviderId } from '@promptloom/core';
import { OAUTH_FLOW_COOKIE_TTL_SECONDS } from '../../limits';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { oauthFlows } from '../../db/schema';
import { HttpError } from '../../http-error';
import { randomToken, sha256 } from './crypto';

/** What one login attempt must remember between `GET /api/auth/:provider` and finalize-login. */
export interface LoginFlow {
  provider: AuthProviderId;
  state: string;
  codeVerifier: string;
  nonce: string;
  /** Epoch milliseconds; the cookie's Max-Age alone is only the browser's promise. */
  expiresAt: number;
}

const flowSchema = z.object({
  provider: z.string(),
  state: z.string().min(1),
  codeVerifier: z.string().min(1),
  nonce: z.string().min(1),
  expiresAt: z.number(),
});

export const flowInvalid = () => new HttpError(400, 'AUTH_FLOW_INVALID');

/** A new flow: state, PKCE verifier and nonce of 256 bits each (RFC 9700 asks for ≥128). */
export function newFlow(provider: AuthProviderId, now: Date): LoginFlow {
  return {
    provider,
    state: randomToken(),
    codeVerifier: randomToken(),
    nonce: randomToken(),
    expiresAt: now.getTime() + OAUTH_FLOW_COOKIE_TTL_SECONDS * 1000,
  };
}

export const encodeFlow = (flow: LoginFlow) =>
  Buffer.from(JSON.stringify(flow)).toString('base64url');

/**
 * The flow of an already unsigned cookie value, checked against the provider of the
 * route and the clock. Missing, forged, expired or another provider's flow: refused.
 */
export function decodeFlow(value: string | null, provider: string, now: Date): LoginFlow {
  if (!value) throw flowInvalid();
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw flowInvalid();
  }
  const parsed = flowSchema.safeParse(raw);
  if (!parsed.success) throw flowInvalid();
  const flow = parsed.data as LoginFlow;
  if (flow.provider !== provider || flow.expiresAt <= now.getTime()) throw flowInvalid();
  return flow;
}

/**
 * Marks the flow redeemed. The insert is the single-use check: a second redemption of
 * the same state hits the primary key and is refused, even from a parallel request.
 */
export async function consumeFlow(db: Db, flow: LoginFlow, now: Date): Promise<void> {
  const inserted = await db.transaction(async (tx) => {
    await tx.delete(oauthFlows).where(lt(oauthFlows.expiresAt, now));
    return tx
      .insert(oauthFlows)
      .values({
        stateHash: sha256(flow.state),
        consumedAt: now,
        expiresAt: new Date(flow.expiresAt),
      })
      .onConflictDoNothing()
      .returning({ stateHash: oauthFlows.stateHash });
  });
  if (inserted.length === 0) throw flowInvalid();
}
