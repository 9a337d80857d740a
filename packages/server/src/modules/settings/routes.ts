import {
  apiErrorSchema,
  CACHE,
  defaultCompositionBodySchema,
  gitignoreTemplateNamesSchema,
  gitignoreTemplateParamsSchema,
  gitignoreTemplateSchema,
  settingsResponseSchema,
  updateSettingsBodySchema,
} from '@promptloom/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-error';
import { getSettings, setDefaultComposition, updateSettings } from './service';
import { gitignoreTemplates } from './templates';

const notModified = z.null().describe('Not modified: the ETag still matches');
const TEMPLATE_MAX_AGE_S = CACHE.templatesMs / 1000;

/** Templates are immutable for a given build: cached a day, revalidated by ETag. */
function cacheTemplate(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('Cache-Control', `private, max-age=${TEMPLATE_MAX_AGE_S}`).header('ETag', etag);
  return request.headers['if-none-match'] === etag;
}

export async function settingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  app.get(
    // '' (not '/') so the path is /api/settings without a trailing slash, as clients call it.
    '',
    { schema: { tags, response: { 200: settingsResponseSchema } } },
    async (request, reply) => {
      // Settings are never stale on the client; no HTTP cache either.
      reply.header('Cache-Control', 'no-store');
      return getSettings(app.db, request.userId);
    },
  );

  app.put(
    '',
    {
      schema: {
        tags,
        body: updateSettingsBodySchema,
        response: { 200: settingsResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return updateSettings(app.db, request.userId, request.body.globalIgnorePatterns, app.now());
    },
  );

  app.put(
    '/default-composition',
    {
      schema: {
        tags,
        description:
          'The composition a new project starts with: one of your compositions, or null for ' +
          'the built-in one (project structure, selected files, request).',
        body: defaultCompositionBodySchema,
        response: { 200: settingsResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { compositionId } = request.body;
      return setDefaultComposition(app.db, request.userId, compositionId, app.now());
    },
  );

  app.get(
    '/gitignore-templates',
    { schema: { tags, response: { 200: gitignoreTemplateNamesSchema, 304: notModified } } },
    async (request, reply) => {
      const store = gitignoreTemplates();
      if (cacheTemplate(request, reply, store.etag)) return reply.status(304).send(null);
      return store.names;
    },
  );

  app.get(
    '/gitignore-templates/:name',
    {
      schema: {
        tags,
        params: gitignoreTemplateParamsSchema,
        response: { 200: gitignoreTemplateSchema, 304: notModified, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const store = gitignoreTemplates();
      const template = store.get(request.params.name);
      if (!template) throw notFound('GITIGNORE_TEMPLATE_NOT_FOUND');
      if (cacheTemplate(request, reply, store.etag)) return reply.status(304).send(null);
      return template;
    },
  );
  await Promise.resolve();
}
