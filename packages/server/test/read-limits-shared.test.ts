import { PERSONAL_ACCESS_TOKEN_RATE_LIMIT } from '../src/limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, users } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers';

// CI provides Redis: two instances then count one user's reads together (decision 038).
// Without it each instance counts in its own memory, which is what this file checks then.
const redisUrl = process.env.TEST_REDIS_URL;
const READS_MAX = 6;

/**
 * Two instances of the app, as behind a load balancer: A and B. Each has its own database
 * here, so the user (and their access token) is copied from A into B; the rate-limit store
 * is the only thing they share.
 */
describe(`reads counted per user and per access token, across two instances (${redisUrl ? 'Redis' : 'in-memory'} store)`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const overrides = { userReads: { max: READS_MAX, windowMs: 60_000 } };
    a = await buildTestApp(redisUrl ? { ...overrides, redisUrl } : overrides);
    b = await buildTestApp(redisUrl ? { ...overrides, redisUrl } : overrides);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  /** A user of A known to B too; a fresh one per test (Redis counters outlive the apps). */
  async function sharedUser() {
    const user = await a.createUser('Ada');
    const [row] = await a.db.select().from(users).where(eq(users.id, user.user.id));
    await b.db.insert(users).values(row!);
    return user;
  }

  const read = (app: TestApp, headers: Record<string, string>) =>
    app.app.inject({ method: 'GET', url: '/api/blocks', headers });

  it('refuses a user past the limit on B once their reads on A and B together reach it', async () => {
    const ada = await sharedUser();
    const half = READS_MAX / 2;
    for (let i = 0; i < half; i += 1) expect((await read(a, ada.headers)).statusCode).toBe(200);
    for (let i = 0; i < half; i += 1) expect((await read(b, ada.headers)).statusCode).toBe(200);
    const next = await read(b, ada.headers);
    if (redisUrl) {
      expect(next.statusCode).toBe(429);
      expect(next.json()).toMatchObject({ code: 'READS_TOO_FAST' });
    } else {
      // Alone, B has counted only its own half.
      expect(next.statusCode).toBe(200);
    }
    // Another user is counted apart, on either instance.
    const bob = await sharedUser();
    expect((await read(b, bob.headers)).statusCode).toBe(200);
  });

  it('counts a personal access token once for both instances', async () => {
    const ada = await sharedUser();
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/access-tokens',
      headers: ada.headers,
      payload: { name: 'ci', expiresInDays: null },
    });
    expect(created.statusCode).toBe(201);
    const { id, token } = created.json<{ id: string; token: string }>();
    const [row] = await a.db.select().from(accessTokens).where(eq(accessTokens.id, id));
    await b.db.insert(accessTokens).values(row!);
    const headers = { authorization: `Bearer ${token}` };

    const { max } = PERSONAL_ACCESS_TOKEN_RATE_LIMIT;
    const onA = max - 10;
    for (let i = 0; i < onA; i += 1) expect((await read(a, headers)).statusCode).toBe(200);
    const onB: number[] = [];
    for (let i = 0; i < 11; i += 1) onB.push((await read(b, headers)).statusCode);
    expect(onB.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(onB[10]).toBe(redisUrl ? 429 : 200);
  });
});
