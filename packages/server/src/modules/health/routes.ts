import { errorText, livenessSchema, notReadySchema, readinessSchema } from '@promptloom/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replyLanguage } from '../../plugins/error-handler';
import { checkReadiness } from './service';

/** Liveness (cheap, touches nothing) and readiness (database and Redis answer). */
export async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['health'];
  const config = { public: true };

  app.get('', { config, schema: { tags, response: { 200: livenessSchema } } }, () => ({
    ok: true as const,
  }));

  app.get(
    '/ready',
    { config, schema: { tags, response: { 200: readinessSchema, 503: notReadySchema } } },
    async (request, reply) => {
      const readiness = await checkReadiness(app.db, app.redis);
      if (app.lifecycle.shuttingDown) {
        const error = errorText('SHUTTING_DOWN', replyLanguage(request));
        return reply.status(503).send({ ...readiness, ok: false, error, code: 'SHUTTING_DOWN' });
      }
      if (readiness.ok) return readiness;
      const down = Object.entries(readiness.checks)
        .filter(([, state]) => state === 'down')
        .map(([name]) => name);
      const error = errorText('NOT_READY', replyLanguage(request), { down: down.join(', ') });
      return reply.status(503).send({ ...readiness, error, code: 'NOT_READY' });
    },
  );
  await Promise.resolve();
}
