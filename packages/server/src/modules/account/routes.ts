import type { IncomingMessage } from 'node:http';
import {
  accountExportSchema,
  accountImportResultSchema,
  accountImportSchema,
  apiErrorSchema,
  withSystemTextsIn,
} from '@promptloom/core';
import { ACCOUNT_IMPORT_BYTES_MAX, ACCOUNT_IMPORT_RATE_LIMIT } from '../../limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearRefreshCookie } from '../auth/http';
import { deleteAccount } from './delete.service';
import { exportAccount } from './export.service';
import { HttpError } from '../../http-error';
import { replyLanguage } from '../../plugins/error-handler';
import { readImportFile, type ImportIssue, type ImportReply } from './import-file';
import { importAccount } from './import.service';

/** Marks a validation issue as fastify-type-provider-zod's (the error handler reads those). */
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');
const asValidationError = (issue: ImportIssue) => ({
  [ZOD_ISSUE]: true,
  keyword: issue.code,
  instancePath: `/${issue.path.join('/')}`,
  schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
  message: issue.message,
  params: {},
});

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
      const exported = await exportAccount(app.db, request.userId, now);
      // System blocks' default texts in the request's language (decision 093).
      const language = replyLanguage(request);
      const file = {
        ...exported,
        blocks: exported.blocks.map((block) => withSystemTextsIn(block, language)),
      };
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

  // The import's body goes to a worker thread as it arrives (decision 093); in this scope
  // only the import reads a body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    (request: FastifyRequest, payload: IncomingMessage) =>
      readImportFile(app.db, request.userId, payload, request.routeOptions.bodyLimit),
  );
  const limitImports = app.createRateLimit({
    max: ACCOUNT_IMPORT_RATE_LIMIT.max,
    timeWindow: ACCOUNT_IMPORT_RATE_LIMIT.windowMs,
    keyGenerator: (request) => `imports:${request.userId}`,
  });

  app.post(
    '/import',
    {
      bodyLimit: ACCOUNT_IMPORT_BYTES_MAX,
      // Its own low limit, counted before the body is read.
      onRequest: async (request, reply) => {
        const limit = await limitImports(request);
        if (limit.isAllowed || !limit.isExceeded) return;
        void reply.header('retry-after', String(limit.ttlInSeconds));
        throw new HttpError(429, 'RATE_LIMITED');
      },
      // The worker validated the body with this schema; its issues become the usual 400.
      validatorCompiler: () => (data: unknown) => {
        const reply = data as ImportReply;
        return 'issues' in reply
          ? { error: reply.issues.map(asValidationError) as never }
          : { value: reply };
      },
      schema: {
        tags,
        summary: 'Adds the library of an export to your account, in one transaction',
        body: accountImportSchema,
        response: {
          200: accountImportResultSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { file } = request.body as unknown as Extract<ImportReply, { file: unknown }>;
      return importAccount(app.db, request.userId, file, app.now());
    },
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
