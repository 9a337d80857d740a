import {
  errorText,
  isErrorCode,
  parseCodedMessage,
  TEXT_ISSUE_CODES,
  type ErrorCode,
  type Language,
} from '@promptloom/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http-error';
import { requestLanguage } from '../request-language';
import { loggableError } from './log-redaction';

/** Fastify's own refusals (raised before our code runs), by their error code. */
const FRAMEWORK_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'MEDIA_TYPE_UNSUPPORTED',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BODY_INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BODY_INVALID_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BODY_INVALID_JSON',
  FST_ERR_NOT_FOUND: 'NOT_FOUND',
};

/** The code of any other client error, by status. */
const STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'MEDIA_TYPE_UNSUPPORTED',
  429: 'RATE_LIMITED',
};

/** The language of the API's own text for this request (`Accept-Language`, English default). */
export const replyLanguage = (request: FastifyRequest): Language =>
  requestLanguage(request.headers['accept-language']);

/** Sends `{error, code}` with the code's text in the request's language. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
) {
  return reply.status(status).send({ error: errorText(code, replyLanguage(request)), code });
}

/**
 * One place for errors: every answer carries a code of the catalogue and its text
 * in the request's language; 5xx become a generic message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = replyLanguage(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Bad text wins over any other issue, so the answer names the field that holds it.
      const issues = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined,
        ...parseCodedMessage(issue.message ?? ''),
      }));
      const textIssue = issues.find((issue) => isTextCode(issue.code));
      // A malformed path parameter (not one of our ids) names nothing the user owns.
      if (!textIssue && error.validationContext === 'params') {
        return sendError(request, reply, 404, 'NOT_FOUND');
      }
      const issue: { field?: string; code?: string; error: string } = textIssue ??
        issues[0] ?? { error: '' };
      const code = issue.code && isErrorCode(issue.code) ? issue.code : undefined;
      const field = issue.field;
      // An issue without a code of ours is zod's English detail: kept for English clients
      // (developers of API clients read it), the catalogue's text otherwise.
      const message = code
        ? errorText(code, language)
        : language === 'en' && issue.error
          ? issue.error
          : errorText('VALIDATION_FAILED', language);
      return reply.status(400).send({
        error: field && (!code || textIssue) ? `${field}: ${message}` : message,
        code: code ?? 'VALIDATION_FAILED',
        field,
      });
    }
    if (error instanceof HttpError) return sendError(request, reply, error.statusCode, error.code);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(error) }, 'request failed');
      return sendError(request, reply, status, 'INTERNAL');
    }
    const code =
      FRAMEWORK_CODES[error.code] ??
      STATUS_CODES[status] ??
      (status === 400 ? 'VALIDATION_FAILED' : 'REQUEST_REFUSED');
    return sendError(request, reply, status, code);
  });
}

const isTextCode = (code: string | undefined) =>
  code !== undefined && (TEXT_ISSUE_CODES as readonly string[]).includes(code);
