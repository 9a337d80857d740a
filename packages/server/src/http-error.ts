import { errorText, type ErrorCode } from '@promptloom/core';

/**
 * An expected failure a service raises; the error handler turns it into `{error, code}`,
 * the text in the request's language. The Error's own message is the English text (logs).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
  ) {
    super(errorText(code));
  }
}

export const notFound = (code: ErrorCode = 'NOT_FOUND') => new HttpError(404, code);
export const badRequest = (code: ErrorCode) => new HttpError(400, code);
export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED') => new HttpError(401, code);
