import net from 'node:net';
import { ERROR_MESSAGES } from '@promptloom/core';
import type { AppConfig } from '../src/config';
import { ANONYMOUS_RATE_LIMIT, JSON_DEPTH_MAX } from '../src/limits';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, documentedResponses, type TestApp } from './helpers';

/**
 * What an anonymous client can make the server do (decision 093): no body is read where
 * none is declared, no body nests past JSON_DEPTH_MAX, requests without a user are limited
 * per address, every request ends in bounded time, and one address holds a bounded number
 * of connections.
 */

/** One app for the tests of the default configuration; the timeout tests build their own. */
let shared: TestApp;
beforeAll(async () => {
  shared = await buildTestApp();
});
afterAll(() => shared.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const json = { 'content-type': 'application/json' };

describe('bodies are read only where a route declares one', () => {
  it('answers an unknown path, refresh and logout without parsing what they were sent', async () => {
    const t = shared;
    // Not JSON at all: parsed, it would be a 400 BODY_INVALID_JSON.
    const garbage = '{"unterminated": [';
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/nothing-here',
      headers: json,
      payload: garbage,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: json,
      payload: garbage,
    });
    expect(refresh.json()).toMatchObject({ code: 'REFRESH_INVALID' });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: json,
      payload: garbage,
    });
    expect(logout.statusCode).toBe(204);
    // A route with a body still reads and checks it.
    const ada = await t.createUser('Ada');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: { ...ada.headers, ...json },
      payload: garbage,
    });
    expect(create.json()).toMatchObject({ code: 'BODY_INVALID_JSON' });
  });

  it('refuses a body nested deeper than the cap, on every route that reads one', async () => {
    const t = shared;
    const ada = await t.createUser('Ada');
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: { ...ada.headers, ...json },
      payload: `{"name": ${nested(JSON_DEPTH_MAX + 1)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ error: ERROR_MESSAGES.BODY_TOO_DEEP.en, code: 'BODY_TOO_DEEP' });
    // Brackets inside strings are text, not nesting; escaped quotes do not end a string.
    const text = '[\\"'.repeat(JSON_DEPTH_MAX * 2);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: { ...ada.headers, ...json },
      payload: JSON.stringify({ name: 'Brackets', content: text, type: 'STATIC' }),
    });
    expect(ok.statusCode).toBe(201);
    const finalize = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/finalize-login',
      headers: json,
      payload: `{"code": ${nested(100_000)}}`,
    });
    expect(finalize.json()).toMatchObject({ code: 'BODY_TOO_DEEP' });
  });
});

describe('requests without a user', () => {
  it('are limited per address, beside each route’s own limit; a user’s requests are not', async () => {
    const t = shared;
    const ada = await t.createUser('Ada');
    const post = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, headers, remoteAddress: '198.51.100.7' });
    for (let i = 0; i < ANONYMOUS_RATE_LIMIT.max; i++) {
      expect((await post(i % 2 ? '/api/unknown' : '/api/blocks')).statusCode).not.toBe(429);
    }
    const refused = await post('/api/unknown');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A refused token counts as anonymous too; a valid one from the same address passes.
    expect(
      (await post('/api/auth/logout-all', { authorization: 'Bearer forged' })).statusCode,
    ).toBe(429);
    expect((await post('/api/auth/logout-all', ada.headers)).statusCode).not.toBe(429);
    // Another address is counted apart; public reads are not counted.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/unknown',
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(404);
    const health = await t.app.inject({ url: '/api/health', remoteAddress: '198.51.100.7' });
    expect(health.statusCode).toBe(200);
  }, 120_000);

  it('documents the 429 on public routes that take a request, and every error code', async () => {
    const t = shared;
    const responses = await documentedResponses(t);
    expect(responses('/api/auth/logout', 'post')).toContain('429');
    expect(responses('/api/auth/{provider}/finalize-login', 'post')).toContain('429');
    expect(responses('/api/health', 'get')).not.toContain('429');
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      info: { description: string };
    }>();
    for (const code of ['BODY_TOO_DEEP', 'DISPLAY_NAME_RESERVED', 'CURSOR_INVALID']) {
      expect(doc.info.description).toContain(code);
    }
  });
});

/** A raw connection to the app; resolves what it received once the server closed it. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, opened };
}

describe('every request ends in bounded time', () => {
  // Each builds its own app: a loaded machine needs more than the default 30 s for both.
  let t: TestApp;
  afterEach(() => t.close());

  /** Builds an app with these HTTP bounds and starts it: the port it listens on. */
  async function listening(http: AppConfig['http']): Promise<number> {
    t = await buildTestApp({ http });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as net.AddressInfo).port;
  }

  it('answers 408 and closes a request whose body stops arriving, or whose headers do', async () => {
    const port = await listening({
      requestTimeoutMs: 600,
      headersTimeoutMs: 600,
      keepAliveTimeoutMs: 300,
      connectionsPerIp: 0,
    });
    const started = performance.now();
    const body = connect(port);
    await body.opened;
    body.socket.write(
      `POST /api/auth/logout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`,
    );
    const headers = connect(port);
    await headers.opened;
    headers.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const [bodyAnswer, headersAnswer] = await Promise.all([body.closed, headers.closed]);
    // Bounded: the timeout, plus Node's check interval, plus a loaded CI machine's slack.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(headersAnswer).toMatch(/^HTTP\/1\.1 408/);
    // The logout answered at once (it reads no body); the socket still ended at the timeout.
    expect(bodyAnswer).toMatch(/^HTTP\/1\.1 204/);
  }, 90_000);

  it('closes a kept-alive connection left idle', async () => {
    const port = await listening({
      requestTimeoutMs: 5_000,
      headersTimeoutMs: 5_000,
      keepAliveTimeoutMs: 200,
      connectionsPerIp: 0,
    });
    const idle = connect(port);
    await idle.opened;
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await idle.closed).toMatch(/^HTTP\/1\.1 200/);
  }, 90_000);

  it('caps the connections one address holds open', async () => {
    const port = await listening({
      requestTimeoutMs: 5_000,
      headersTimeoutMs: 5_000,
      keepAliveTimeoutMs: 5_000,
      connectionsPerIp: 3,
    });
    const held = [connect(port), connect(port), connect(port)];
    await Promise.all(held.map((c) => c.opened));
    // The server counts a connection once it accepted it: a request on each proves that.
    for (const c of held) c.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await Promise.all(held.map((c) => new Promise((resolve) => c.socket.once('data', resolve))));
    const extra = connect(port);
    expect(await extra.closed).toBe('');
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    const again = connect(port);
    again.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(await again.closed).toMatch(/^HTTP\/1\.1 200/);
  }, 90_000);
});
