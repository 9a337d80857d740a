import { ERROR_MESSAGES, type ErrorCode } from '@promptloom/core';

/** An expected failure a service raises; the error handler turns it into `{error, code}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
  ) {
    super(message);
  }
}

export const notFound = (code: ErrorCode = 'NOT_FOUND') => new HttpError(404, code);
export const badRequest = (code: ErrorCode, message?: string) => new HttpError(400, code, message);
export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED') => new HttpError(401, code);
