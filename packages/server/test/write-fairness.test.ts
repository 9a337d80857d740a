import http from 'node:http';
import { ERROR_MESSAGES } from '@promptloom/core';
import {
  USER_WRITE_RATE_LIMIT,
  USER_WRITE_SPACING_MS,
  USER_WRITES_IN_FLIGHT,
  USER_WRITES_WAITING_MAX,
} from '../src/limits';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, documentedResponses, type TestApp } from './helpers';

/**
 * Per-user write fairness (decision 035): a user's writes run one at a time at a bounded pace,
 * the next waiting in order, and count against a per-user rate limit; other users and the
 * user's own reads never wait for them, and a write beyond the limit or the queue is refused
 * with 429. Other test files lift these limits (test/helpers.ts); these set them again.
 */

/**
 * The cases with the test limits share one app (each its own users, so its own turns and
 * counts); the cases that set limits of their own get an app of their own, closed after them.
 */
let shared: TestApp;
let own: TestApp | undefined;
let t: TestApp;
beforeAll(async () => {
  shared = await buildTestApp();
});
afterAll(() => shared.close());
afterEach(async () => {
  await own?.close();
  own = undefined;
});
const sharedApp = () => (t = shared);
const ownApp = async (overrides: Parameters<typeof buildTestApp>[0]) =>
  (t = own = await buildTestApp(overrides));

/** The shared app's port, listening from the first case that needs a real connection. */
let listening: Promise<string> | undefined;
async function sharedPort(): Promise<number> {
  await (listening ??= shared.app.listen({ port: 0, host: '127.0.0.1' }));
  return (shared.app.server.address() as { port: number }).port;
}

type User = Awaited<ReturnType<TestApp['createUser']>>;
const createBlock = (user: User, name = 'Reviewer') =>
  t.app.inject({
    method: 'POST',
    url: '/api/blocks',
    headers: user.headers,
    payload: { name, content: 'Review the code.', type: 'STATIC' },
  });
const listBlocks = (user: User) =>
  t.app.inject({ method: 'GET', url: '/api/blocks', headers: user.headers });

function expectTooFast(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: ERROR_MESSAGES.WRITES_TOO_FAST.en, code: 'WRITES_TOO_FAST' });
}

describe('the per-user write rate limit', () => {
  it('refuses a user’s writes past the production limit, not their reads or anyone else’s writes', async () => {
    await ownApp({ userWrites: { ...USER_WRITE_RATE_LIMIT, spacingMs: 0 } });
    const [ada, bob] = [await t.createUser('Ada'), await t.createUser('Bob')];
    const first = await createBlock(ada);
    expect(first.statusCode).toBe(201);
    const id = first.json<{ id: string }>().id;
    // Every kind of write counts: updates and deletes as well as creations.
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/blocks/${id}`,
      headers: ada.headers,
      payload: { name: 'Renamed', content: 'Review the code.', type: 'STATIC' },
    });
    expect(update.statusCode).toBe(200);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/blocks/${id}`,
      headers: ada.headers,
    });
    expect(removal.statusCode).toBe(204);
    for (let i = 3; i < USER_WRITE_RATE_LIMIT.max; i++) {
      expect((await createBlock(ada, `Block ${i}`)).statusCode).toBe(201);
    }

    const refused = await createBlock(ada, 'One too many');
    expectTooFast(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const names = (await listBlocks(ada))
      .json<{ items: Array<{ name: string }> }>()
      .items.map((b) => b.name);
    expect(names).not.toContain('One too many');
    expect(names).toContain(`Block ${USER_WRITE_RATE_LIMIT.max - 1}`);
    expect((await createBlock(bob)).statusCode).toBe(201);
  });

  it('lets the user write again once the window has passed', async () => {
    await ownApp({ userWrites: { max: 2, windowMs: 400, spacingMs: 0 } });
    const ada = await t.createUser('Ada');
    expect((await createBlock(ada)).statusCode).toBe(201);
    expect((await createBlock(ada)).statusCode).toBe(201);
    expectTooFast(await createBlock(ada));
    t.clock.advance(399);
    expectTooFast(await createBlock(ada));
    t.clock.advance(1);
    expect((await createBlock(ada)).statusCode).toBe(201);
  });
});

describe('a user’s writes take turns', () => {
  it('queues a user’s writes behind the running one, refuses beyond the queue, lets others pass', async () => {
    sharedApp();
    const [ada, bob] = [await t.createUser('Ada'), await t.createUser('Bob')];
    // The test holds Ada's only turn, as a long write of hers would.
    expect(USER_WRITES_IN_FLIGHT).toBe(1);
    const release = await t.app.writeGate.enter(ada.user.id)!;
    const answers: LightMyRequestResponse[] = [];
    const sent = Array.from({ length: USER_WRITES_WAITING_MAX + 2 }, (_, i) =>
      createBlock(ada, `Queued ${i}`).then((res) => answers.push(res)),
    );
    await vi.waitFor(() => {
      expect(t.app.writeGate.load(ada.user.id)).toEqual({
        running: 1,
        waiting: USER_WRITES_WAITING_MAX,
      });
      expect(answers).toHaveLength(2);
    });
    for (const refused of answers) expectTooFast(refused);

    // Bob's write and Ada's own read do not wait for Ada's queue.
    expect((await createBlock(bob)).statusCode).toBe(201);
    expect((await listBlocks(ada)).statusCode).toBe(200);
    expect(answers).toHaveLength(2);

    release();
    release(); // a second call gives back nothing more
    await Promise.all(sent);
    expect(answers.slice(2).map((res) => res.statusCode)).toEqual(
      Array(USER_WRITES_WAITING_MAX).fill(201),
    );
    expect(t.app.writeGate.load(ada.user.id)).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the turn back when a waiting write’s connection goes away', async () => {
    sharedApp();
    const ada = await t.createUser('Ada');
    const port = await sharedPort();
    const release = await t.app.writeGate.enter(ada.user.id)!;
    const body = JSON.stringify({ name: 'Gone', content: 'x', type: 'STATIC' });
    const request = http.request({
      port,
      method: 'POST',
      path: '/api/blocks',
      headers: { ...ada.headers, 'content-type': 'application/json' },
    });
    request.on('error', () => {});
    request.end(body);
    await vi.waitFor(() => expect(t.app.writeGate.load(ada.user.id).waiting).toBe(1));
    request.destroy();
    release();
    await vi.waitFor(() =>
      expect(t.app.writeGate.load(ada.user.id)).toEqual({ running: 0, waiting: 0 }),
    );
    expect((await createBlock(ada)).statusCode).toBe(201);
  });
});

describe('a write’s body comes before its turn', () => {
  it('lets a user’s other writes run while one write’s body stalls', async () => {
    sharedApp();
    const ada = await t.createUser('Ada');
    const port = await sharedPort();
    const body = JSON.stringify({ name: 'Stalled', content: 'x', type: 'STATIC' });
    const stalled = http.request({
      port,
      method: 'POST',
      path: '/api/blocks',
      headers: {
        ...ada.headers,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
    });
    stalled.on('error', () => {});
    const seen = new Promise((resolve) => t.app.server.once('request', resolve));
    stalled.write(body.slice(0, 10));
    // Its headers reached the server first: a gate taken on arrival would be taken by it.
    await seen;
    // Ada's next write is answered while the first is still sending its body.
    expect((await createBlock(ada, 'Next')).statusCode).toBe(201);
    expect(t.app.writeGate.load(ada.user.id)).toEqual({ running: 0, waiting: 0 });
    stalled.destroy();
  });
});

describe('the pace of a user’s writes', () => {
  it('starts a user’s next write once the production spacing has passed on the app’s clock; a refusal waits for no turn', async () => {
    await ownApp({
      userWrites: { max: 2, windowMs: 60_000, spacingMs: USER_WRITE_SPACING_MS },
    });
    const ada = await t.createUser('Ada');
    const answers: LightMyRequestResponse[] = [];
    const sent = [1, 2, 3].map((i) =>
      createBlock(ada, `Paced ${i}`).then((res) => answers.push(res)),
    );
    // One write ran; the third was over the limit and refused as it arrived (decision 093:
    // before its body was read, so before any turn); the second waits while the clock stands.
    await vi.waitFor(() => {
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 429]);
      expect(t.app.writeGate.load(ada.user.id)).toEqual({ running: 0, waiting: 1 });
    });
    t.clock.advance(USER_WRITE_SPACING_MS);
    await Promise.all(sent);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 429]);
  });
});

it('documents the 429 on the writes of a user (and, for the read limit, on reads), not on public routes', async () => {
  sharedApp();
  const responses = await documentedResponses(t);
  for (const [path, method] of [
    ['/api/blocks', 'post'],
    ['/api/blocks/{id}', 'put'],
    ['/api/blocks/{id}', 'delete'],
    ['/api/compositions', 'post'],
    ['/api/settings', 'put'],
  ] as const) {
    expect(responses(path, method)).toContain('429');
  }
  // Reads have their own per-user limit (decision 038); public routes have neither.
  expect(responses('/api/blocks', 'get')).toContain('429');
  expect(responses('/api/auth/providers', 'get')).not.toContain('429');
});
