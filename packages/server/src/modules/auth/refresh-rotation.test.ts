import {
  REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS,
  REFRESH_TOKEN_LOST_ANSWER_GRACE_SECONDS,
} from '../../limits';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { refreshTokens } from '../../db/schema';
import { sha256 } from './crypto';
import { REFRESH_COOKIE } from './http';
import { cookieHeader, cookieOf, me, refresh, signInLocally, someone } from './testing';

async function tokensOf(t: TestApp, accessToken: string) {
  const { id } = (await me(t, accessToken)).json<{ id: string }>();
  return t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id));
}

/** The refresh token a response set, as the database knows it (hashed). */
async function rowOf(t: TestApp, res: Parameters<typeof cookieOf>[0]) {
  const token = cookieOf(res, REFRESH_COOKIE)?.value ?? '';
  const [row] = await t.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  return row;
}

const accessTokenOf = (res: Parameters<typeof cookieOf>[0]) =>
  res.json<{ accessToken: string }>().accessToken;

describe('refresh-token rotation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('rotates the refresh token on every refresh and keeps the absolute lifetime', async () => {
    const { refreshCookie } = await signInLocally(t, someone());
    t.clock.advance(60 * 60 * 1000);
    const first = await refresh(t, refreshCookie);
    expect(first.statusCode).toBe(200);
    const rotated = cookieOf(first, REFRESH_COOKIE);
    expect(rotated?.value).not.toBe(refreshCookie.split('=')[1]);
    // Rotation never extends the family: one hour later, one hour less.
    expect(rotated?.maxAge).toBe(REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS - 3600);
    const user = await me(t, accessTokenOf(first));
    expect(user.json()).toMatchObject({ name: 'Grace Hopper' });

    const second = await refresh(t, cookieHeader(first, REFRESH_COOKIE));
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token comes back after its successor was used', async () => {
    const { refreshCookie, accessToken } = await signInLocally(t, someone());
    const next = await refresh(t, refreshCookie);
    expect(next.statusCode).toBe(200);
    // The legitimate client used its successor: the old token is now in someone else's hands.
    const used = await refresh(t, cookieHeader(next, REFRESH_COOKIE));
    expect(used.statusCode).toBe(200);
    const reused = await refresh(t, refreshCookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ error: expect.any(String), code: 'REFRESH_INVALID' });
    expect(cookieOf(reused, REFRESH_COOKIE)?.value).toBe('');
    // The legitimate successor dies with its family, and so do its access tokens.
    expect((await refresh(t, cookieHeader(used, REFRESH_COOKIE))).statusCode).toBe(401);
    expect((await me(t, accessTokenOf(used))).statusCode).toBe(401);
    const rows = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await rowOf(t, used))!.familyId));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    expect((await me(t, accessToken)).statusCode).toBe(401);
  });

  it('revokes the whole family when a rotated token comes back after the grace period', async () => {
    const { refreshCookie } = await signInLocally(t, someone());
    const next = await refresh(t, refreshCookie);
    t.clock.advance(REFRESH_TOKEN_LOST_ANSWER_GRACE_SECONDS * 1000 + 1);
    const reused = await refresh(t, refreshCookie);
    expect(reused.statusCode).toBe(401);
    // Its successor was never used, yet it ends with the family.
    expect((await refresh(t, cookieHeader(next, REFRESH_COOKIE))).statusCode).toBe(401);
  });

  it('exchanges a token again when its answer was lost (a reload mid-refresh), once per loss', async () => {
    const { refreshCookie, accessToken } = await signInLocally(t, someone());
    // The server rotated, but the page reloaded before the answer arrived: its cookie is old.
    const lost = await refresh(t, refreshCookie);
    expect(lost.statusCode).toBe(200);
    t.clock.advance(2000);
    const again = await refresh(t, refreshCookie);
    expect(again.statusCode).toBe(200);
    expect(cookieOf(again, REFRESH_COOKIE)?.value).not.toBe(cookieOf(lost, REFRESH_COOKIE)?.value);
    // Same sign-in, same absolute end; the earlier access token still works.
    expect((await rowOf(t, again))?.familyId).toBe((await rowOf(t, lost))?.familyId);
    expect((await rowOf(t, again))?.expiresAt).toEqual((await rowOf(t, lost))?.expiresAt);
    expect((await me(t, accessToken)).statusCode).toBe(200);
    expect((await me(t, accessTokenOf(again))).statusCode).toBe(200);
    // The successor nobody received is revoked: one live token per family.
    const rows = await tokensOf(t, accessToken);
    const live = rows.filter((r) => r.revokedAt === null && r.rotatedAt === null);
    expect(live.map((r) => r.id)).toEqual([(await rowOf(t, again))!.id]);
    expect(await rowOf(t, lost)).toMatchObject({ rotatedAt: null, revokedAt: expect.any(Date) });
    // The refreshed cookie goes on rotating as usual.
    const onward = await refresh(t, cookieHeader(again, REFRESH_COOKIE));
    expect(onward.statusCode).toBe(200);
  });

  it('lets a rotated token back in only while the window from its first rotation lasts', async () => {
    const { refreshCookie } = await signInLocally(t, someone());
    expect((await refresh(t, refreshCookie)).statusCode).toBe(200);
    const half = (REFRESH_TOKEN_LOST_ANSWER_GRACE_SECONDS * 1000) / 2;
    t.clock.advance(half);
    expect((await refresh(t, refreshCookie)).statusCode).toBe(200);
    // A second lost answer does not restart the window.
    t.clock.advance(half + 1);
    expect((await refresh(t, refreshCookie)).statusCode).toBe(401);
  });

  it('judges parallel refreshes with one token one at a time: one live token remains', async () => {
    const { refreshCookie, accessToken } = await signInLocally(t, someone());
    const results = await Promise.all(Array.from({ length: 4 }, () => refresh(t, refreshCookie)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await tokensOf(t, accessToken);
    // One rotation of the original, then three reissues, each revoking the one before.
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.rotatedAt !== null)).toHaveLength(1);
    const liveHashes = rows
      .filter((r) => r.revokedAt === null && r.rotatedAt === null)
      .map((r) => r.tokenHash);
    expect(liveHashes).toHaveLength(1);
    const issued = results.map((r) => sha256(cookieOf(r, REFRESH_COOKIE)?.value ?? ''));
    expect(issued).toContain(liveHashes[0]);
  });

  it('refuses a revoked or expired rotated token without a reissue', async () => {
    const { refreshCookie } = await signInLocally(t, someone());
    const next = await refresh(t, refreshCookie);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieHeader(next, REFRESH_COOKIE), origin: t.config.publicUrl },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(t, refreshCookie)).statusCode).toBe(401);
    const family = (await rowOf(t, next))!.familyId;
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, family), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
  });

  it('ends the session at the absolute lifetime, however often it was refreshed', async () => {
    let { refreshCookie } = await signInLocally(t, someone());
    const day = 24 * 60 * 60 * 1000;
    for (let elapsed = 0; elapsed < REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS * 1000 - 5 * day;) {
      t.clock.advance(5 * day);
      elapsed += 5 * day;
      const res = await refresh(t, refreshCookie);
      expect(res.statusCode).toBe(200);
      refreshCookie = cookieHeader(res, REFRESH_COOKIE);
    }
    t.clock.advance(5 * day);
    const expired = await refresh(t, refreshCookie);
    expect(expired.statusCode).toBe(401);
  });
});
