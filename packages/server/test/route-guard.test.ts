import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { CreatedAccessToken } from '@promptloom/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Default-deny by route: whether a request needs a user is decided by the route the router
 * matched, so no spelling of a protected path (percent-encoded, doubled slashes, absolute
 * form, other letter case) reaches a handler without one. The targets go over a real socket
 * byte for byte: app.inject normalises some of them.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface RawResponse {
  status: number;
  body: string;
}

/** Sends one request with `target` exactly as written on the request line. */
function raw(
  method: string,
  target: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined) {
      lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
    }
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
      resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4) });
    });
  });
}

const spellings = (path: string) => [
  `/%61pi${path}`,
  `/%61%70%69${path}`,
  `/api${path.replace(/\//g, '%2F')}`,
  `/api%2F${path.slice(1)}`,
  `//api${path}`,
  `/api/${path}`,
  `/API${path}`,
  `/Api${path.toUpperCase()}`,
  `/api/./${path.slice(1)}`,
  `/x/../api${path}`,
  `http://127.0.0.1:${port}/api${path}`,
  `http://127.0.0.1:${port}/%61pi${path}`,
  `HTTP://127.0.0.1:${port}//api${path}`,
];

describe('the route guard', () => {
  it('answers 401 or 404, never 200, to every spelling of a protected path without a token', async () => {
    const paths = ['/blocks', '/settings', '/access-tokens', '/shared-items?page=1', '/auth/me'];
    for (const path of paths) {
      for (const target of spellings(path)) {
        const res = await raw('GET', target);
        expect([400, 401, 404], `GET ${target}`).toContain(res.status);
      }
    }
    // The plain spelling is a 401, not merely a miss.
    expect((await raw('GET', '/api/blocks')).status).toBe(401);
    expect((await raw('GET', '/%61pi/blocks')).status).toBe(401);
    expect((await raw('GET', `http://127.0.0.1:${port}/api/blocks`)).status).toBe(401);
  });

  it('lets no write through a spelled-around path: nothing reaches the database', async () => {
    const body = JSON.stringify({ name: 'x', content: 'y', type: 'STATIC' });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        raw('POST', spellings('/blocks')[i % 13]!, { body }).then((res) => res.status),
      ),
    );
    for (const status of statuses) expect([400, 401, 404]).toContain(status);
    const [rows] = await t.db.select({ n: count() }).from(blocks).where(eq(blocks.userId, ''));
    expect(rows?.n).toBe(0);
  });

  it('holds a personal access token read-only whatever the spelling of the write', async () => {
    const { headers } = await t.createUser();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/access-tokens',
      headers,
      payload: { name: 'cli' },
    });
    const { token } = created.json<CreatedAccessToken>();
    const body = JSON.stringify({ name: 'x', content: 'y', type: 'STATIC' });
    for (const target of spellings('/blocks')) {
      const res = await raw('POST', target, {
        headers: { authorization: `Bearer ${token}` },
        body,
      });
      expect([400, 403, 404], `POST ${target}`).toContain(res.status);
    }
    // And reads through an encoded spelling are the same route: the token may read it.
    const read = await raw('GET', '/%61pi/blocks', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
  });

  it('makes public only the routes marked so: every other documented route wants a token', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const publicRoutes: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const url = path.replace(/\{[^}]+\}/g, 'github');
        const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
        const refused =
          res.statusCode === 401 && res.json<{ code?: string }>().code === 'UNAUTHORIZED';
        if (!refused) publicRoutes.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/auth/local/authorize',
        'GET /api/auth/local/page.js',
        'GET /api/auth/providers',
        'GET /api/auth/{provider}',
        'GET /api/health',
        'GET /api/health/ready',
        'POST /api/auth/local/authorize',
        'POST /api/auth/logout',
        'POST /api/auth/refresh',
        'POST /api/auth/{provider}/finalize-login',
      ].sort(),
    );
  });

  it('serves the API docs without a token, and answers 404 to an unknown path', async () => {
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).not.toBe(401);
    const unknown = await t.app.inject({ url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the built web app without a token (its files and client routes)', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'promptloom-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dist, 'assets', 'main.js'), 'console.log(1)');
    const web = await buildTestApp({ webDistDir: dist });
    try {
      for (const url of ['/', '/assets/main.js', '/settings', '/library/some-item']) {
        expect((await web.app.inject({ url })).statusCode, url).toBe(200);
      }
      expect((await web.app.inject({ url: '/api/blocks' })).statusCode).toBe(401);
    } finally {
      await web.close();
      await rm(dist, { recursive: true });
    }
  });
});
