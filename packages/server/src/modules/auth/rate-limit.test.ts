import { AUTH_RATE_LIMIT, AUTH_REFRESH_RATE_LIMIT } from '../../limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// CI provides Redis; without it the same test runs on the in-memory store.
const redisUrl = process.env.TEST_REDIS_URL;

/** A fresh address per run: Redis counters outlive the app and are shared by parallel runs. */
const randomAddress = (prefix: string) =>
  `${prefix}.${[0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const spoofedForwardedFor = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

describe(`auth rate limits (${redisUrl ? 'Redis' : 'in-memory'} store)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(redisUrl ? { redisUrl } : {});
  });
  afterAll(() => t.close());

  it(`answers 429 {error} after ${AUTH_RATE_LIMIT.max} sign-in starts from one address`, async () => {
    const ip = randomAddress('10.1');
    // A different X-Forwarded-For on every attempt: with no trusted proxy it must not help.
    const attempt = (remoteAddress = ip) =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/local',
        remoteAddress,
        headers: { 'x-forwarded-for': spoofedForwardedFor() },
      });
    for (let i = 0; i < AUTH_RATE_LIMIT.max; i += 1) {
      expect((await attempt()).statusCode).toBe(200);
    }
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address still gets through.
    expect((await attempt(randomAddress('192.0'))).statusCode).toBe(200);
  });

  it(`limits cookie-bearing refreshes at ${AUTH_REFRESH_RATE_LIMIT.max} per address, never cookie-less ones`, async () => {
    const ip = randomAddress('10.2');
    const refresh = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
      });
    for (let i = 0; i < AUTH_REFRESH_RATE_LIMIT.max; i += 1) {
      expect((await refresh('pl_refresh=not-a-real-token')).statusCode).toBe(401);
    }
    const limited = await refresh('pl_refresh=not-a-real-token');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // A page load with no session yet is a cheap 401 and is never limited.
    expect((await refresh()).statusCode).toBe(401);
  });
});
