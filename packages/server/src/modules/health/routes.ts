import { livenessSchema, notReadySchema, readinessSchema } from '@promptloom/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
    async (_request, reply) => {
      const readiness = await checkReadiness(app.db, app.redis);
      if (readiness.ok) return readiness;
      const down = Object.entries(readiness.checks)
        .filter(([, state]) => state === 'down')
        .map(([name]) => name);
      return reply.status(503).send({ ...readiness, error: `Not ready: ${down.join(', ')} down` });
    },
  );
  await Promise.resolve();
}
