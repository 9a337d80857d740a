import { ACCESS_TOKEN_PREFIX, apiErrorSchema } from '@promptloom/core';
import { ANONYMOUS_RATE_LIMIT, PERSONAL_ACCESS_TOKEN_RATE_LIMIT } from '../limits';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { HttpError, unauthorized } from '../http-error';
import { verifyAccessToken } from '../modules/auth/access-token';
import { isSessionRevoked } from '../modules/auth/refresh-tokens.service';
import { authenticatePersonalToken, personalTokenId } from '../modules/access-tokens/guard';

const READS = new Set(['GET', 'HEAD']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes anyone may call without a Bearer token (sign-in, health, docs, the web app). */
    public?: boolean;
  }
  interface FastifyRequest {
    /** Set by the guard for every request to a route that is not public. */
    userId: string;
  }
}

/**
 * Whether the request needs a signed-in user, decided by the route the router matched (its
 * config), never by how the URL was spelled: `/%61pi/blocks`, `//api/blocks` or an
 * absolute-form target reach the same route object and the same decision. A request that
 * matched no route gets the not-found handler, which answers 404 and reads nothing.
 */
export function requiresUser(request: FastifyRequest): boolean {
  if (request.is404) return false;
  return request.routeOptions.config.public !== true;
}

/**
 * The route guard, default-deny: every route needs a valid Bearer token unless its config
 * says `public: true`. The token is the web session's JWT or a personal access token
 * (`plt_…`, read-only). The write gate and the token's read-only check read the same
 * decision (they run only once `userId` is set).
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('userId', '');
  const limitPersonal = app.rateLimit({
    max: PERSONAL_ACCESS_TOKEN_RATE_LIMIT.max,
    timeWindow: PERSONAL_ACCESS_TOKEN_RATE_LIMIT.windowMs,
    keyGenerator: (request) => `pat:${personalTokenId(request)}`,
  });
  const { max, windowMs } = app.config.userReads;
  const limitReads = app.rateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `reads:${request.userId}`,
    errorResponseBuilder: () => new HttpError(429, 'READS_TOO_FAST'),
  });
  const limitAnonymous = anonymousLimit(app);
  // The OpenAPI document lists the 429 on every route a user calls (registered later), and on
  // every public route that may take a body (the anonymous limit).
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    const reads = [route.method].flat().every((method) => READS.has(method));
    if ((route.config?.public && reads) || !response || '429' in response) return;
    route.schema = { ...route.schema, response: { ...response, 429: apiErrorSchema } };
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!requiresUser(request)) {
      if (!READS.has(request.method) || request.is404) await limitAnonymous(request, reply);
      return;
    }
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
    if (token?.startsWith(ACCESS_TOKEN_PREFIX)) {
      await authenticatePersonalToken(app, request, token).catch(async (error: unknown) => {
        await limitAnonymous(request, reply);
        throw error;
      });
      await limitPersonal.call(app, request, reply);
      return;
    }
    const claims = token ? await verifyAccessToken(app.config.jwtSecret, token, app.now()) : null;
    // A signed-out session's access tokens end at once, on every instance (decision 039).
    if (!claims || (claims.sessionId && (await isSessionRevoked(app.db, claims.sessionId)))) {
      await limitAnonymous(request, reply);
      throw unauthorized();
    }
    request.userId = claims.userId;
    // Reads per user (decision 038); a user's writes have their own gate and limit.
    if (READS.has(request.method)) await limitReads.call(app, request, reply);
  });
  // A second lock on the same door: whatever a later hook does, a handler of a route that is
  // not public never runs without a user.
  app.addHook('preHandler', (request, _reply, done) => {
    done(requiresUser(request) && !request.userId ? unauthorized() : undefined);
  });
}

/**
 * The per-address limit of requests without a user (decision 093): public writes (sign-in,
 * refresh, logout), any request to an unknown path, and refused tokens. It is counted beside a
 * route's own limit (the plugin's route limiters run once per request; this one is separate),
 * and answered before any body is read.
 */
function anonymousLimit(app: FastifyInstance) {
  const check = app.createRateLimit({
    max: ANONYMOUS_RATE_LIMIT.max,
    timeWindow: ANONYMOUS_RATE_LIMIT.windowMs,
    keyGenerator: (request) => `anonymous:${request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    void reply.header('retry-after', String(limit.ttlInSeconds));
    throw new HttpError(429, 'RATE_LIMITED');
  };
}

/**
 * Registers a plugin whose every route is public: the static web app and the API docs, whose
 * routes we do not declare ourselves and which serve nothing private. The mark goes on each
 * route's config while the plugin registers (in this scope, so `reply.sendFile` stays
 * available to the not-found handler).
 */
export async function registerPublic<Options extends object>(
  app: FastifyInstance,
  plugin: FastifyPluginCallback<Options> | FastifyPluginAsync<Options>,
  options: Options,
): Promise<void> {
  let registering = true;
  app.addHook('onRoute', (route) => {
    if (registering) route.config = { ...route.config, public: true };
  });
  await app.register(plugin, options);
  registering = false;
}
