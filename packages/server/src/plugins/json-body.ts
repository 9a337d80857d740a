import type { IncomingMessage } from 'node:http';
import { JSON_DEPTH_MAX } from '@promptloom/core';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * How deep a JSON text nests, followed byte by byte as it arrives (decision 093): one pass,
 * constant work per byte, state kept across chunks. Brackets inside strings do not count;
 * UTF-8 continuation bytes are all ≥ 0x80, so they never look like one. `push` answers false
 * once the text nests deeper than `max`: the rest need not be read.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max = JSON_DEPTH_MAX) {}

  push(chunk: Uint8Array): boolean {
    let { depth, inString, escaped } = this;
    const max = this.max;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > max) {
          this.depth = depth;
          return false;
        }
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

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
    parseJson(undefined as never, text, (error, value) => {
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
