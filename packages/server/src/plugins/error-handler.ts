import { ERROR_MESSAGES, parseCodedMessage } from '@promptloom/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http-error';

/** One place for errors (STYLE #7): 4xx messages pass through, 5xx become a generic message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const { code, error: message } = parseCodedMessage(issue?.message ?? 'Invalid input');
      return reply.status(400).send({
        error: code || !field ? message : `${field}: ${message}`,
        code: code ?? 'VALIDATION_FAILED',
        field,
      });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.message, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: ERROR_MESSAGES.INTERNAL, code: 'INTERNAL' });
    }
    if (status === 429) {
      return reply.status(429).send({ error: ERROR_MESSAGES.RATE_LIMITED, code: 'RATE_LIMITED' });
    }
    return reply.status(status).send({ error: error.message });
  });
}
