import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_FLOW_COOKIE_TTL_SECONDS } from '../../limits';
import { HttpError } from '../../http-error';
import { encodeFlow, type LoginFlow } from './flow';
import type { IssuedRefreshToken } from './refresh-tokens.service';

export const REFRESH_COOKIE = 'pl_refresh';
export const FLOW_COOKIE = 'pl_oauth_flow';
/** Both cookies are only ever sent to the auth routes. */
const COOKIE_PATH = '/api/auth';

const isHttps = (publicUrl: string) => new URL(publicUrl).protocol === 'https:';

/**
 * Refuses a request another site made the browser send: an Origin that is not ours, or
 * Fetch Metadata saying cross-site. `allowOpaque` accepts `Origin: null`, which a same-origin
 * HTML form sends under a no-referrer policy.
 */
export function assertSameOrigin(
  request: FastifyRequest,
  publicUrl: string,
  { allowOpaque = false } = {},
): void {
  const origin = request.headers.origin;
  const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
  const foreign =
    origin !== undefined &&
    origin !== new URL(publicUrl).origin &&
    !(allowOpaque && origin === 'null');
  if (crossSite || foreign) throw new HttpError(403, 'ORIGIN_REFUSED');
}

export function setRefreshCookie(
  reply: FastifyReply,
  publicUrl: string,
  refresh: IssuedRefreshToken,
  now: Date,
): void {
  reply.setCookie(REFRESH_COOKIE, refresh.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(publicUrl),
    path: COOKIE_PATH,
    maxAge: Math.max(0, Math.floor((refresh.expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearRefreshCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(publicUrl),
    path: COOKIE_PATH,
  });
}

/**
 * The login flow lives in a signed httpOnly cookie of this browser. SameSite=Lax: it is only
 * read by same-origin requests, and Lax keeps it off cross-site form posts.
 */
export function setFlowCookie(reply: FastifyReply, publicUrl: string, flow: LoginFlow): void {
  reply.setCookie(FLOW_COOKIE, encodeFlow(flow), {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(publicUrl),
    path: COOKIE_PATH,
    signed: true,
    maxAge: OAUTH_FLOW_COOKIE_TTL_SECONDS,
  });
}

export function clearFlowCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(FLOW_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(publicUrl),
    path: COOKIE_PATH,
  });
}

/** The flow cookie's payload when its signature holds, else null. */
export function readFlowCookie(request: FastifyRequest): string | null {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}
