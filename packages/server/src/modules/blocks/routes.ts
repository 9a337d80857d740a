import {
  apiErrorSchema,
  quotaErrorResponses,
  blockBodySchema,
  blockCategoriesSchema,
  blockPageSchema,
  blockParamsSchema,
  blockSchema,
  withSystemTextsIn,
  type Language,
} from '@promptloom/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replyLanguage } from '../../plugins/error-handler';
import { mapItemOrPage, pageRoute } from '../paging';
import {
  createBlock,
  deleteBlock,
  getBlock,
  listBlocks,
  listCategories,
  updateBlock,
} from './service';

export async function blocksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['blocks'];
  const notFound = { 404: apiErrorSchema };
  // System blocks' default names in the request's language (decision 093).
  app.addHook('preSerialization', async (request, _reply, payload: unknown) =>
    localizedBlocks(payload, replyLanguage(request)),
  );

  pageRoute(app, '', { tags, what: 'the blocks', page: blockPageSchema }, (userId, query) =>
    listBlocks(app.db, userId, query),
  );

  app.get(
    '/categories',
    { schema: { tags, response: { 200: blockCategoriesSchema } } },
    (request) => listCategories(app.db, request.userId),
  );

  app.post(
    // '' (not '/'): the path is /api/blocks, with no trailing slash (as the contract writes it).
    '',
    {
      schema: {
        tags,
        body: blockBodySchema,
        response: { 201: blockSchema, 400: apiErrorSchema, ...quotaErrorResponses },
      },
    },
    async (request, reply) => {
      const block = await createBlock(app.db, request.userId, request.body, app.now());
      return reply.status(201).send(block);
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: blockParamsSchema, response: { 200: blockSchema, ...notFound } } },
    (request) => getBlock(app.db, request.userId, request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: blockParamsSchema,
        body: blockBodySchema,
        response: { 200: blockSchema, 400: apiErrorSchema, ...notFound, ...quotaErrorResponses },
      },
    },
    (request) => updateBlock(app.db, request.userId, request.params.id, request.body, app.now()),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        params: blockParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, ...notFound },
      },
    },
    async (request, reply) => {
      await deleteBlock(app.db, request.userId, request.params.id, app.now());
      return reply.status(204).send(null);
    },
  );
  await Promise.resolve();
}

type Localizable = { type: string; name: string; description: string | null };
const isBlock = (value: unknown): value is Localizable =>
  typeof value === 'object' && value !== null && 'type' in value && 'name' in value;

/** A block or a page of blocks with their system texts in `language`; anything else as is. */
const localizedBlocks = (payload: unknown, language: Language): unknown =>
  mapItemOrPage(payload, isBlock, (block) => withSystemTextsIn(block, language));
