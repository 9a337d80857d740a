import { AUTH_RATE_LIMIT } from '@promptloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// CI provides Redis (DESIGN §4); without it the same test runs on the in-memory store.
const redisUrl = process.env.TEST_REDIS_URL;

describe(`auth rate limits (${redisUrl ? 'Redis' : 'in-memory'} store)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(redisUrl ? { redisUrl } : {});
  });
  afterAll(() => t.close());

  it(`answers 429 {error} after ${AUTH_RATE_LIMIT.max} refresh attempts from one address`, async () => {
    // A fresh address per run: Redis counters outlive the app and are shared by parallel runs.
    const ip = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
    // A different X-Forwarded-For on every attempt: with no trusted proxy it must not help.
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
      });
    for (let i = 0; i < AUTH_RATE_LIMIT.max; i += 1) {
      expect((await attempt()).statusCode).toBe(401);
    }
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();

    // Another address still gets through; other routes keep their own counters.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      remoteAddress: `192.0.2.${Math.floor(Math.random() * 250) + 1}`,
    });
    expect(other.statusCode).toBe(401);
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/local',
      remoteAddress: ip,
    });
    expect(start.statusCode).toBe(200);
  });
});
