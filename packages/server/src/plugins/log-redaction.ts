import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';

/** Private-link tokens grant access to an item: they never reach the log. */
const SHARE_TOKEN_IN_PATH = /(\/shared-items\/share\/)[^/?#]+/g;

export function redactUrl(url: string): string {
  return url.replace(SHARE_TOKEN_IN_PATH, '$1[redacted]');
}

/** Logger options: the request line without secrets; headers that carry secrets censored. */
export const logRedaction = {
  serializers: {
    req(request: FastifyRequest) {
      return {
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      };
    },
  },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      'headers.authorization',
      'headers.cookie',
    ],
    censor: '[redacted]',
  },
};

/**
 * What a failed request logs of its error. A failed query keeps its statement and the
 * database's error code, never the parameter values (block contents, tokens, e-mails).
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return {
    type: 'DrizzleQueryError',
    message: `Failed query: ${cause?.message ?? 'database error'}`,
    statement: error.query,
    code: cause?.code,
  };
}
