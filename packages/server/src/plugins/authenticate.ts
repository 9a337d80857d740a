import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../http-error';
import { verifyAccessToken } from '../modules/auth/access-token';

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

/** The route guard: everything under /api needs a valid Bearer token unless marked public. */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('userId', '');
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.routeOptions.config.public) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
    const userId = token ? await verifyAccessToken(app.config.jwtSecret, token, app.now()) : null;
    if (!userId) throw unauthorized();
    request.userId = userId;
  });
}
