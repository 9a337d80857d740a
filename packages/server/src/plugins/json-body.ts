import type { IncomingMessage } from 'node:http';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';
import { JsonDepthScanner } from './json-depth';

/** Whether the matched route declares a body: every other route answers without reading one. */
export function routeReadsBody(request: FastifyRequest): boolean {
  return !request.is404 && request.routeOptions.schema?.body !== undefined;
}

/**
 * Reads a JSON body from its stream within `limit` bytes, refusing too deep a nesting as the
 * bytes arrive (before any parse), then parses it with Fastify's own prototype-poisoning
 * guard. Answers the errors Fastify's parser answers, plus 400 BODY_TOO_DEEP.
 */
export function readJsonBody(
  payload: NodeJS.ReadableStream | IncomingMessage,
  contentLength: number,
  limit: number,
  parse: (text: string) => unknown,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (contentLength > limit) {
      reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    const scanner = new JsonDepthScanner();
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = (error: Error) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
      reject(error);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) return stop(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      if (!scanner.push(bytes)) return stop(new HttpError(400, 'BODY_TOO_DEEP'));
      chunks.push(bytes);
    }
    function onEnd(error?: Error) {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
      if (error) {
        reject(Object.assign(error, { statusCode: 400 }));
        return;
      }
      if (!Number.isNaN(contentLength) && received !== contentLength) {
        reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      if (received === 0) {
        reject(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY());
        return;
      }
      try {
        resolve(parse(Buffer.concat(chunks, received).toString('utf8')));
      } catch {
        reject(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY());
      }
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  });
}

/**
 * JSON bodies for every route (decision 093), in place of Fastify's parsers: a route that
 * declares no body (the not-found handler, refresh, logout…) answers without reading one,
 * whatever its Content-Type; a body nesting deeper than JSON_DEPTH_MAX is refused while it
 * arrives. Plain text is not a type any route takes, so it is no longer read either (415).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // Fastify's parser answers through a callback, synchronously.
  const parse = (text: string): unknown => {
    let result: { error: Error | null; value: unknown } | undefined;
    void parseJson(undefined as never, text, (error, value) => {
      result = { error, value };
    });
    if (!result || result.error) throw result?.error ?? new Error('JSON parser gave no answer');
    return result.value;
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    async (request: FastifyRequest, payload: IncomingMessage) => {
      if (!routeReadsBody(request)) return undefined;
      return readJsonBody(
        payload,
        Number(request.headers['content-length']),
        request.routeOptions.bodyLimit,
        parse,
      );
    },
  );
}
