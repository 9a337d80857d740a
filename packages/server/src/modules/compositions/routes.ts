import {
  apiErrorSchema,
  quotaErrorResponses,
  compositionBodySchema,
  compositionPageSchema,
  compositionParamsSchema,
  compositionSchema,
  pageQuerySchema,
} from '@promptloom/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createComposition,
  deleteComposition,
  getComposition,
  listCompositions,
  updateComposition,
} from './service';

export async function compositionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['compositions'];
  const params = compositionParamsSchema;

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'One page of the compositions; follow nextCursor for the next',
        querystring: pageQuerySchema,
        response: { 200: compositionPageSchema, 400: apiErrorSchema },
      },
    },
    (request) => listCompositions(app.db, request.userId, request.query),
  );

  app.post(
    // '' (not '/'): the path is /api/compositions, with no trailing slash (as the spec writes it).
    '',
    {
      schema: {
        tags,
        body: compositionBodySchema,
        response: { 201: compositionSchema, 400: apiErrorSchema, ...quotaErrorResponses },
      },
    },
    async (request, reply) => {
      const composition = await createComposition(app.db, request.userId, request.body, app.now());
      return reply.status(201).send(composition);
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params, response: { 200: compositionSchema, 404: apiErrorSchema } } },
    (request) => getComposition(app.db, request.userId, request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params,
        body: compositionBodySchema,
        response: {
          200: compositionSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...quotaErrorResponses,
        },
      },
    },
    (request) =>
      updateComposition(app.db, request.userId, request.params.id, request.body, app.now()),
  );

  app.delete(
    '/:id',
    { schema: { tags, params, response: { 204: z.null(), 404: apiErrorSchema } } },
    async (request, reply) => {
      await deleteComposition(app.db, request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
  await Promise.resolve();
}
