import { ERROR_MESSAGES, parseCodedMessage, TEXT_ISSUE_CODES } from '@promptloom/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http-error';
import { loggableError } from './log-redaction';

/** One place for errors: 4xx messages pass through, 5xx become a generic message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Bad text wins over any other issue, so the answer names the field that holds it.
      const issues = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined,
        ...parseCodedMessage(issue.message ?? 'Invalid input'),
      }));
      const textIssue = issues.find((issue) => isTextCode(issue.code));
      // A malformed path parameter (not one of our ids) names nothing the user owns.
      if (!textIssue && error.validationContext === 'params') {
        return reply.status(404).send({ error: ERROR_MESSAGES.NOT_FOUND, code: 'NOT_FOUND' });
      }
      const { field, code, error: message } = textIssue ?? issues[0] ?? { error: 'Invalid input' };
      return reply.status(400).send({
        error: field && (!code || textIssue) ? `${field}: ${message}` : message,
        code: code ?? 'VALIDATION_FAILED',
        field,
      });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.message, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(error) }, 'request failed');
      return reply.status(status).send({ error: ERROR_MESSAGES.INTERNAL, code: 'INTERNAL' });
    }
    if (status === 429) {
      return reply.status(429).send({ error: ERROR_MESSAGES.RATE_LIMITED, code: 'RATE_LIMITED' });
    }
    return reply.status(status).send({ error: error.message });
  });
}

const isTextCode = (code: string | undefined) =>
  code !== undefined && (TEXT_ISSUE_CODES as readonly string[]).includes(code);
