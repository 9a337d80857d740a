import { ACCESS_TOKEN_PREFIX, PERSONAL_ACCESS_TOKEN_RATE_LIMIT } from '@promptloom/core';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../http-error';
import { verifyAccessToken } from '../modules/auth/access-token';
import { authenticatePersonalToken, personalTokenId } from '../modules/access-tokens/guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes under /api that need no Bearer token (sign-in, docs). */
    public?: boolean;
  }
  interface FastifyRequest {
    /** Set by the guard for every authenticated /api request. */
    userId: string;
  }
}

/**
 * The route guard: everything under /api needs a valid Bearer token unless marked public.
 * The token is the web session's JWT or a personal access token (`plt_…`, read-only).
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('userId', '');
  const limitPersonal = app.rateLimit({
    max: PERSONAL_ACCESS_TOKEN_RATE_LIMIT.max,
    timeWindow: PERSONAL_ACCESS_TOKEN_RATE_LIMIT.windowMs,
    keyGenerator: (request) => `pat:${personalTokenId(request)}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.routeOptions.config.public) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
    if (token?.startsWith(ACCESS_TOKEN_PREFIX)) {
      await authenticatePersonalToken(app, request, token);
      await limitPersonal.call(app, request, reply);
      return;
    }
    const userId = token ? await verifyAccessToken(app.config.jwtSecret, token, app.now()) : null;
    if (!userId) throw unauthorized();
    request.userId = userId;
  });
}
