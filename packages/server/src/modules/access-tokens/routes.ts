import {
  accessTokenBodySchema,
  accessTokenListSchema,
  accessTokenParamsSchema,
  apiErrorSchema,
  createdAccessTokenSchema,
} from '@promptloom/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './service';

/** Managed with the web session only: an access token cannot mint or list tokens. */
export async function accessTokensRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['access-tokens'];

  app.get('', { schema: { tags, response: { 200: accessTokenListSchema } } }, (request) =>
    listAccessTokens(app.db, request.userId),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        description:
          'Creates a read-only personal access token; the answer is the only time it is shown.',
        body: accessTokenBodySchema,
        response: { 201: createdAccessTokenSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { name, expiresInDays } = request.body;
      const created = await createAccessToken(
        app.db,
        request.userId,
        name,
        expiresInDays,
        app.now(),
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        params: accessTokenParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await revokeAccessToken(app.db, request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
  await Promise.resolve();
}
