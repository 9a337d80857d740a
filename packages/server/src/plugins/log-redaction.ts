import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';

const REDACTED = '[redacted]';
/** A path segment after this one is a private-link token (`/share/<token>` in the web app, `/api/shared-items/share/<token>` in the API). */
const TOKEN_FOLLOWS = new Set(['share']);
/** Query parameters that carry secrets: OAuth codes and states, tokens of any kind. */
const SECRET_PARAMS = /^(code|state|token|access_token|refresh_token|id_token|.*_token)$/i;
/** A personal access token, wherever it shows up. */
const PERSONAL_TOKEN = /plt_[A-Za-z0-9_-]*/g;

/** Percent-decodes until nothing changes (a double-encoded secret is still a secret). */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      // A malformed sequence: decode the well-formed ones and keep the rest as written.
      next = current.replace(/(%[0-9a-f]{2})+/gi, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      });
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

function redactPath(path: string): string {
  const segments = decodeFully(path).split('/');
  for (let i = 1; i < segments.length; i++) {
    if (TOKEN_FOLLOWS.has(segments[i - 1]!.trim().toLowerCase()) && segments[i]) {
      segments[i] = REDACTED;
    }
  }
  return segments.join('/').replace(PERSONAL_TOKEN, REDACTED);
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decodeFully((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      if (eq >= 0 && SECRET_PARAMS.test(key.trim())) return `${key}=${REDACTED}`;
      return decodeFully(pair.replace(/\+/g, ' ')).replace(PERSONAL_TOKEN, REDACTED);
    })
    .join('&');
}

/**
 * The URL as the log shows it: decoded (so no encoding hides a secret from the rules, and the
 * log reads as the router saw it), with private-link tokens, personal access tokens and the
 * values of secret query parameters replaced. Absolute-form targets are treated the same.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const target = hash < 0 ? url : url.slice(0, hash);
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  return q < 0 ? redactPath(path) : `${redactPath(path)}?${redactQuery(target.slice(q + 1))}`;
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
