import {
  apiErrorSchema,
  quotaErrorResponses,
  compositionBodySchema,
  compositionPageSchema,
  compositionParamsSchema,
  compositionSchema,
  systemBlockNameIn,
  type Language,
} from '@promptloom/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replyLanguage } from '../../plugins/error-handler';
import { mapItemOrPage, pageRoute } from '../paging';
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
  // The system blocks' default names in the request's language (decision 093).
  app.addHook('preSerialization', async (request, _reply, payload: unknown) =>
    localizedCompositions(payload, replyLanguage(request)),
  );

  pageRoute(
    app,
    '',
    { tags, what: 'the compositions', page: compositionPageSchema },
    (userId, query) => listCompositions(app.db, userId, query),
  );

  app.post(
    // '' (not '/'): the path is /api/compositions, with no trailing slash (as the contract writes it).
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

interface CompositionLike {
  blocks: Array<{ type: string; name: string }>;
}
const isComposition = (value: unknown): value is CompositionLike =>
  typeof value === 'object' && value !== null && Array.isArray((value as CompositionLike).blocks);

const localized = <C extends CompositionLike>(composition: C, language: Language): C => ({
  ...composition,
  blocks: composition.blocks.map((item) => ({
    ...item,
    name: systemBlockNameIn(item.type, item.name, language),
  })),
});

/** A composition or a page of them with its system blocks' names in `language`. */
const localizedCompositions = (payload: unknown, language: Language): unknown =>
  mapItemOrPage(payload, isComposition, (composition) => localized(composition, language));
