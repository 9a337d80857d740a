import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../src/db/schema';
import { randomToken } from '../../src/modules/auth/crypto';
import { REFRESH_COOKIE } from '../../src/modules/auth/http';
import { refresh, signInLocally, someone } from '../../src/modules/auth/testing';
import { buildTestApp, type TestApp } from '../helpers';
import { insertSuccessor, rotatePresented, untilSomeoneWaits } from './concurrent-refresh';

/**
 * PostgreSQL only (the server-pg project): an account deleted while one of its sessions is
 * refreshing on another connection (decision 060). The refresh holds its token's row and then
 * needs the user row for its successor; the deletion takes the tokens before the user row, so
 * the two queue one behind the other instead of deadlocking.
 */
describe('an account deleted while a refresh is in flight', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('deletes the account after the refresh, and the successor dies with it', async () => {
    const session = await signInLocally(t, someone('Katherine Johnson'));
    const presented = session.refreshCookie.slice(REFRESH_COOKIE.length + 1);
    const successor = randomToken(32);
    let deleted: Promise<{ statusCode: number }> | undefined;
    let userId = '';
    // A refresh as rotateRefreshToken does it: the presented token marked rotated (its row
    // locked), then, once the deletion is waiting, its successor inserted and committed.
    await t.db.transaction(async (tx) => {
      const current = await rotatePresented(t, tx, presented);
      userId = current.userId;
      deleted = t.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      await untilSomeoneWaits(t);
      await insertSuccessor(t, tx, current, successor);
    });
    expect((await deleted!).statusCode).toBe(204);

    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
    expect((await refresh(t, `${REFRESH_COOKIE}=${successor}`)).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId))).toEqual(
      [],
    );
  });
});
