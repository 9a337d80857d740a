import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers';

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers a public route without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('refuses a protected route without a valid Bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blocks' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: expect.any(String), code: 'UNAUTHORIZED' });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/blocks',
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 404 JSON for an unknown API path once signed in', async () => {
    const { headers } = await t.createUser();
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Resource not found.', code: 'NOT_FOUND' });
  });
});
