import { type AccessToken, type Composition, type CreatedAccessToken } from '@promptloom/core';
import { ACCESS_TOKENS_PER_USER_MAX, PERSONAL_ACCESS_TOKEN_RATE_LIMIT } from '../../limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { accessTokens } from '../../db/schema';
import { signAccessToken } from '../auth/access-token';
import { sha256 } from '../auth/crypto';

type Headers = Record<string, string>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY = 24 * 60 * 60 * 1000;

describe('personal access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const create = (headers: Headers, name: string) =>
    t.app.inject({ method: 'POST', url: '/api/access-tokens', headers, payload: { name } });

  it('shows a new token once, stores only its hash and lists it without the secret', async () => {
    const { headers } = await t.createUser();
    const res = await create(headers, '  laptop  ');
    expect(res.statusCode).toBe(201);
    const created = res.json<CreatedAccessToken>();
    expect(created.name).toBe('laptop');
    expect(created.token).toMatch(/^plt_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, created.id));
    expect(row?.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await t.app.inject({ method: 'GET', url: '/api/access-tokens', headers });
    expect(list.json<AccessToken[]>()).toEqual([
      {
        id: created.id,
        name: 'laptop',
        createdAt: created.createdAt,
        lastUsedAt: null,
        expiresAt: created.expiresAt,
      },
    ]);
    // No lifetime named: the default, 90 days.
    expect(new Date(created.expiresAt!).getTime() - new Date(created.createdAt).getTime()).toBe(
      90 * DAY,
    );
    expect(list.body).not.toContain(created.token);
  });

  it('ends at the expiry chosen at creation (30, 90, 365 days, or never) on every request', async () => {
    const user = await t.createUser();
    const made = async (expiresInDays: number | null) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/access-tokens',
        headers: user.headers,
        payload: { name: `lasts ${expiresInDays}`, expiresInDays },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<CreatedAccessToken>();
    };
    const month = await made(30);
    const year = await made(365);
    const never = await made(null);
    expect(never.expiresAt).toBeNull();
    expect(new Date(year.expiresAt!).getTime()).toBe(t.clock.now().getTime() + 365 * DAY);
    const works = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/blocks', headers: bearer(token) }))
        .statusCode;
    expect(await works(month.token)).toBe(200);

    t.clock.advance(30 * DAY + 1000);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/blocks',
      headers: bearer(month.token),
    });
    expect(refused.statusCode).toBe(401);
    expect(await works(year.token)).toBe(200);
    t.clock.advance(2 * 365 * DAY);
    expect(await works(year.token)).toBe(401);
    expect(await works(never.token)).toBe(200);
    // Listed with their expiry until revoked, so the user sees which ended.
    // The session's own access token lapsed with the clock: sign it again.
    const session = bearer(await signAccessToken(t.config.jwtSecret, user.user.id, t.clock.now()));
    const list = await t.app.inject({ method: 'GET', url: '/api/access-tokens', headers: session });
    const byId = new Map(list.json<AccessToken[]>().map((token) => [token.id, token.expiresAt]));
    expect([byId.get(month.id), byId.get(year.id), byId.get(never.id)]).toEqual([
      month.expiresAt,
      year.expiresAt,
      null,
    ]);

    for (const expiresInDays of [7, 0, 'never', 366]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/access-tokens',
        headers: session,
        payload: { name: 'odd', expiresInDays },
      });
      expect(bad.statusCode, String(expiresInDays)).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'ACCESS_TOKEN_EXPIRY_INVALID' });
    }
  });

  it('reads the owner’s blocks, compositions and settings, and records the last use', async () => {
    const { headers } = await t.createUser();
    const { token, id } = (await create(headers, 'cli')).json<CreatedAccessToken>();
    for (const url of ['/api/blocks', '/api/compositions', '/api/settings']) {
      const withToken = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      const withSession = await t.app.inject({ method: 'GET', url, headers });
      expect(withToken.statusCode, url).toBe(200);
      expect(withToken.json(), url).toEqual(withSession.json());
    }
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, id));
    expect(row?.lastUsedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('is read-only: writes and token management are refused with 403', async () => {
    const { headers } = await t.createUser();
    const { token } = (await create(headers, 'cli')).json<CreatedAccessToken>();
    const attempts = [
      { method: 'POST', url: '/api/blocks', payload: { name: 'x', content: 'y', type: 'STATIC' } },
      { method: 'PUT', url: '/api/settings', payload: { globalIgnorePatterns: [] } },
      { method: 'POST', url: '/api/access-tokens', payload: { name: 'more' } },
      { method: 'GET', url: '/api/access-tokens' },
      { method: 'GET', url: '/api/shared-items' },
    ] as const;
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: bearer(token) });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ACCESS_TOKEN_READ_ONLY' });
    }
  });

  it('isolates users: another user’s token id answers 404 and their data stays unseen', async () => {
    const owner = await t.createUser('Owner');
    const other = await t.createUser('Other');
    const mine = (await create(owner.headers, 'mine')).json<CreatedAccessToken>();
    const theirs = (await create(other.headers, 'theirs')).json<CreatedAccessToken>();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/access-tokens/${mine.id}`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/access-tokens',
      headers: other.headers,
    });
    expect(list.json<AccessToken[]>().map((token) => token.id)).toEqual([theirs.id]);
    // The owner's composition is not reachable with the other user's token.
    const block = await t.app.inject({ method: 'GET', url: '/api/blocks', headers: owner.headers });
    const blockId = block.json<{ items: { id: string }[] }>().items[0]!.id;
    const composition = await t.app.inject({
      method: 'POST',
      url: '/api/compositions',
      headers: owner.headers,
      payload: { name: 'Review', blockIds: [blockId] },
    });
    const compositionId = composition.json<Composition>().id;
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/compositions/${compositionId}`,
      headers: bearer(theirs.token),
    });
    expect(foreign.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/compositions/${compositionId}`,
      headers: bearer(mine.token),
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a revoked, unknown or malformed token with 401', async () => {
    const { headers } = await t.createUser();
    const { token, id } = (await create(headers, 'old')).json<CreatedAccessToken>();
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/access-tokens/${id}`,
      headers,
    });
    expect(revoke.statusCode).toBe(204);
    for (const value of [token, 'plt_unknown', `${token}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/blocks', headers: bearer(value) });
      expect(res.statusCode).toBe(401);
    }
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/access-tokens/${id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('validates the name and caps the number of tokens per user', async () => {
    const { headers } = await t.createUser();
    const empty = await create(headers, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'ACCESS_TOKEN_NAME_EMPTY', field: 'name' });
    expect((await create(headers, 'x'.repeat(101))).json()).toMatchObject({
      code: 'ACCESS_TOKEN_NAME_TOO_LONG',
    });
    for (let i = 0; i < ACCESS_TOKENS_PER_USER_MAX; i++) {
      expect((await create(headers, `t${i}`)).statusCode).toBe(201);
    }
    const over = await create(headers, 'one too many');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'ACCESS_TOKENS_TOO_MANY' });
  });

  it('rate-limits each token', async () => {
    const { headers } = await t.createUser();
    const { token } = (await create(headers, 'busy')).json<CreatedAccessToken>();
    const { token: fresh } = (await create(headers, 'quiet')).json<CreatedAccessToken>();
    let last = 0;
    for (let i = 0; i <= PERSONAL_ACCESS_TOKEN_RATE_LIMIT.max; i++) {
      last = (await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(token) }))
        .statusCode;
    }
    expect(last).toBe(429);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: bearer(fresh),
    });
    expect(other.statusCode).toBe(200);
  });

  it('is documented in the OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json<{ paths: Record<string, object> }>().paths;
    expect(Object.keys(paths['/api/access-tokens/'] ?? paths['/api/access-tokens'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(paths['/api/access-tokens/{id}']).toHaveProperty('delete');
  });
});
