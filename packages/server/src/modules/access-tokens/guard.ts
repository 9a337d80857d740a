import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from '../../http-error';
import { resolveAccessToken } from './service';

/** What a personal access token may read: the CLI needs blocks, compositions and settings. */
const READABLE_PREFIXES = ['/api/blocks', '/api/compositions', '/api/settings'];

const readable = (request: FastifyRequest) => {
  // The route's pattern, not the raw URL: `..` or encoded slashes cannot reach another route.
  const route = request.routeOptions.url ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    READABLE_PREFIXES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`))
  );
};

/** The token each request came with, by id: the rate-limit key (never the secret itself). */
const tokenIds = new WeakMap<FastifyRequest, string>();
export const personalTokenId = (request: FastifyRequest) => tokenIds.get(request) ?? '';

/** Sets `request.userId` from a personal access token, or refuses the request. */
export async function authenticatePersonalToken(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<void> {
  const resolved = await resolveAccessToken(app.db, token, app.now());
  if (!resolved) throw unauthorized();
  if (!readable(request)) throw new HttpError(403, 'ACCESS_TOKEN_READ_ONLY');
  request.userId = resolved.userId;
  tokenIds.set(request, resolved.tokenId);
}
