import {
  ACCOUNT_IMPORT_BYTES_MAX,
  accountExportSchema,
  accountImportResultSchema,
  apiErrorSchema,
} from '@promptloom/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearRefreshCookie } from '../auth/http';
import { deleteAccount } from './delete.service';
import { exportAccount } from './export.service';
import { importAccount } from './import.service';

/** /api/account: the user's data is theirs — take it away, bring it in, or delete it all. */
export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary: 'Everything the server holds about you, as one JSON file (decision 060)',
        response: { 200: accountExportSchema },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const file = await exportAccount(app.db, request.userId, now);
      const day = now.toISOString().slice(0, 10);
      // Sent as written, not through the response schema: the export is the rows as they are
      // (a name from before decision 054 included); the import's rules judge them.
      const body: unknown = JSON.stringify(file);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="promptloom-export-${day}.json"`)
        .type('application/json; charset=utf-8')
        .send(body as typeof file);
    },
  );

  app.post(
    '/import',
    {
      bodyLimit: ACCOUNT_IMPORT_BYTES_MAX,
      schema: {
        tags,
        summary: 'Adds the library of an export to your account, in one transaction',
        body: accountExportSchema,
        response: { 200: accountImportResultSchema, 400: apiErrorSchema, 413: apiErrorSchema },
      },
    },
    async (request) => importAccount(app.db, request.userId, request.body, app.now()),
  );

  app.delete(
    '',
    {
      schema: {
        tags,
        summary: 'Deletes your account and everything of it; subscribers keep detached copies',
        response: { 204: z.null().describe('Deleted; every session of the account ended') },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.db, request.userId, app.now());
      clearRefreshCookie(reply, app.config.publicUrl);
      return reply.status(204).send(null);
    },
  );
  await Promise.resolve();
}
