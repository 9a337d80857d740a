import {
  acceptUpdateBodySchema,
  apiErrorSchema,
  quotaErrorResponses,
  importBodySchema,
  importResponseSchema,
  libraryQuerySchema,
  libraryResponseSchema,
  likeResponseSchema,
  publishFormSchema,
  sharedItemListSchema,
  sharedItemPageSchema,
  sharedItemParamsSchema,
  sharedItemSchema,
  shareBodySchema,
  shareOptionsSchema,
  shareResultSchema,
  shareTokenParamsSchema,
  subscriptionUpdateSchema,
  tagCountsResponseSchema,
  updateSubscriptionParamsSchema,
  updateSubscriptionResponseSchema,
} from '@promptloom/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageRoute } from '../paging';
import { acceptUpdate, importItem, setLike, subscriptionUpdate } from './engagement.service';
import {
  listLibrary,
  listMyItems,
  listRecommended,
  listTags,
  resolveShareToken,
} from './library.service';
import { loadVisibleItem } from './queries';
import { deleteSharedItem, publishUpdate, shareBlock, updateShareOptions } from './share.service';

const tags = ['shared-items'];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, ...quotaErrorResponses };

/** The community library, plus POST /api/blocks/{id}/share. */
export function sharedItemsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/blocks/:id/share',
    {
      schema: {
        tags,
        summary: 'Share a block publicly or by private link',
        params: sharedItemParamsSchema,
        body: shareBodySchema,
        response: { 201: shareResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await shareBlock(
        app.db,
        request.userId,
        request.params.id,
        request.body,
        app.now(),
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/shared-items',
    {
      schema: {
        tags,
        summary: 'Search the public library',
        querystring: libraryQuerySchema,
        response: { 200: libraryResponseSchema, 400: apiErrorSchema },
      },
    },
    (request) => listLibrary(app.db, request.userId, request.query, app.now()),
  );

  app.get(
    '/shared-items/recommended',
    { schema: { tags, response: { 200: sharedItemListSchema } } },
    (request) => listRecommended(app.db, request.userId, app.now()),
  );

  app.get(
    '/shared-items/tags',
    { schema: { tags, response: { 200: tagCountsResponseSchema } } },
    () => listTags(app.db, app.now()),
  );

  pageRoute(
    app,
    '/shared-items/my-items',
    { tags, what: "the caller's shared items", page: sharedItemPageSchema },
    (userId, query) => listMyItems(app.db, userId, query),
  );

  app.get(
    '/shared-items/share/:token',
    {
      schema: {
        tags,
        summary: 'Resolve a private share link (grants access to the item)',
        params: shareTokenParamsSchema,
        response: { 200: sharedItemSchema, 404: apiErrorSchema },
      },
    },
    (request) => resolveShareToken(app.db, request.userId, request.params.token, app.now()),
  );

  app.get(
    '/shared-items/:id',
    {
      schema: {
        tags,
        params: sharedItemParamsSchema,
        response: { 200: sharedItemSchema, 404: apiErrorSchema },
      },
    },
    (request) => loadVisibleItem(app.db, request.userId, request.params.id, app.now()),
  );

  app.put(
    '/shared-items/:id',
    {
      schema: {
        tags,
        summary: 'Publish the source block as a new version (author only)',
        params: sharedItemParamsSchema,
        body: publishFormSchema,
        response: { 200: sharedItemSchema, ...errors },
      },
    },
    (request) =>
      publishUpdate(
        app.db,
        request.userId,
        request.params.id,
        request.body.versionNotes,
        app.now(),
      ),
  );

  app.delete(
    '/shared-items/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a shared item (author only); subscribers keep their copies, detached from it',
        params: sharedItemParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteSharedItem(app.db, request.userId, request.params.id, app.now());
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/shared-items/:id/options',
    {
      schema: {
        tags,
        summary: 'Change description, tags, expiry, visibility or the private link (author only)',
        params: sharedItemParamsSchema,
        body: shareOptionsSchema,
        response: { 200: sharedItemSchema, ...errors },
      },
    },
    (request) =>
      updateShareOptions(app.db, request.userId, request.params.id, request.body, app.now()),
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/shared-items/:id/like',
      schema: {
        tags,
        params: sharedItemParamsSchema,
        response: { 200: likeResponseSchema, 404: apiErrorSchema },
      },
      handler: (request) =>
        setLike(app.db, request.userId, request.params.id, method === 'POST', app.now()),
    });
  }

  app.post(
    '/shared-items/:id/import',
    {
      schema: {
        tags,
        summary: 'Import as an independent copy (CLONE) or a subscription (SUBSCRIBE)',
        params: sharedItemParamsSchema,
        body: importBodySchema,
        response: { 201: importResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await importItem(
        app.db,
        request.userId,
        request.params.id,
        request.body.importMode,
        app.now(),
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/shared-items/:sharedItemId/update-subscription/:subscriptionId',
    {
      schema: {
        tags,
        summary: 'The base and latest version of a subscription, to merge with the block',
        params: updateSubscriptionParamsSchema,
        response: { 200: subscriptionUpdateSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    (request) =>
      subscriptionUpdate(
        app.db,
        request.userId,
        request.params.sharedItemId,
        request.params.subscriptionId,
      ),
  );

  app.post(
    '/shared-items/:sharedItemId/update-subscription/:subscriptionId',
    {
      schema: {
        tags,
        summary: "Write the merged latest version into the subscriber's block",
        params: updateSubscriptionParamsSchema,
        body: acceptUpdateBodySchema,
        response: {
          200: updateSubscriptionResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...quotaErrorResponses,
        },
      },
    },
    (request) =>
      acceptUpdate(
        app.db,
        request.userId,
        request.params.sharedItemId,
        request.params.subscriptionId,
        request.body,
        app.now(),
      ),
  );
  return Promise.resolve();
}
