import type { AuthProviderId, User } from '@promptloom/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { signAccessToken } from './access-token';
import { consumeFlow, flowInvalid, newFlow, type LoginFlow } from './flow';
import { ProviderError, type LoginProvider } from './providers';
import { issueLocalCode, type LocalIdentity } from './providers/local';
import { rotateRefreshToken, startFamily, type IssuedRefreshToken } from './refresh-tokens.service';
import { findUser, signInProfile, toUserDto } from './users.service';

export interface AuthContext {
  db: Db;
  providers: Map<AuthProviderId, LoginProvider>;
  jwtSecret: string;
  now: Date;
  log: FastifyBaseLogger;
}

export interface Session {
  accessToken: string;
  refresh: IssuedRefreshToken;
}

export function providerOf(ctx: Pick<AuthContext, 'providers'>, id: AuthProviderId) {
  const provider = ctx.providers.get(id);
  if (!provider) throw new HttpError(404, 'AUTH_PROVIDER_UNKNOWN');
  return provider;
}

/** Starts a login: the flow to keep in the browser's cookie and where to send the browser. */
export async function startLogin(ctx: AuthContext, id: AuthProviderId) {
  const provider = providerOf(ctx, id);
  const flow = newFlow(id, ctx.now);
  try {
    return { flow, authUrl: await provider.authorizationUrl(flow) };
  } catch (error) {
    // Typically the OIDC issuer's discovery document could not be fetched.
    ctx.log.warn({ err: error, provider: id }, 'could not start sign-in');
    throw new HttpError(502, 'AUTH_FAILED');
  }
}

/** The local form was submitted for this flow: its one-time code. */
export function localCode(ctx: AuthContext, flow: LoginFlow, identity: LocalIdentity) {
  return issueLocalCode(ctx.jwtSecret, flow, identity, ctx.now);
}

async function openSession(ctx: AuthContext, userId: string): Promise<Session> {
  const refresh = await startFamily(ctx.db, userId, ctx.now);
  const accessToken = await signAccessToken(ctx.jwtSecret, userId, ctx.now, refresh.familyId);
  return { accessToken, refresh };
}

/**
 * Redeems the provider's code for a session. The flow (already matched to the provider and
 * unexpired) is consumed first, so a second redemption fails even if the first is in flight.
 */
export async function finalizeLogin(
  ctx: AuthContext,
  flow: LoginFlow,
  input: { code: string; state?: string; iss?: string },
): Promise<Session> {
  const provider = providerOf(ctx, flow.provider);
  if (input.state !== undefined && input.state !== flow.state) throw flowInvalid();
  await consumeFlow(ctx.db, flow, ctx.now);
  let profile;
  try {
    profile = await provider.finish({ code: input.code, flow, iss: input.iss, now: ctx.now });
  } catch (error) {
    const level = error instanceof ProviderError ? 'info' : 'warn';
    ctx.log[level]({ err: error, provider: flow.provider }, 'sign-in refused');
    throw new HttpError(401, 'AUTH_FAILED');
  }
  const user = await signInProfile(ctx.db, profile);
  return openSession(ctx, user.id);
}

/** A new access token and the rotated refresh token. */
export async function refreshSession(ctx: AuthContext, token: string): Promise<Session> {
  const refresh = await rotateRefreshToken(ctx.db, token, ctx.now);
  const accessToken = await signAccessToken(
    ctx.jwtSecret,
    refresh.userId,
    ctx.now,
    refresh.familyId,
  );
  return { accessToken, refresh };
}

export async function currentUser(db: Db, userId: string): Promise<User> {
  const row = await findUser(db, userId);
  // A valid token of a deleted account: the session is over.
  if (!row) throw new HttpError(401, 'UNAUTHORIZED');
  return toUserDto(row);
}
