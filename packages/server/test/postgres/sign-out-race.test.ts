import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../../src/modules/auth/crypto';
import { REFRESH_COOKIE } from '../../src/modules/auth/http';
import { refresh, signInLocally, someone } from '../../src/modules/auth/testing';
import { buildTestApp, type TestApp } from '../helpers';
import { insertSuccessor, rotatePresented, untilSomeoneWaits } from './concurrent-refresh';

/**
 * PostgreSQL only (the server-pg project): two connections, one refreshing a session while the
 * other signs the user out. PGlite has one connection, so nothing there runs at the same time.
 */
describe('a refresh in flight while the user signs out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  for (const [name, signOut] of [
    ['everywhere', '/api/auth/logout-all'],
    ['of this session', '/api/auth/logout'],
  ] as const) {
    it(`signing out ${name} also ends the successor a concurrent refresh committed`, async () => {
      const session = await signInLocally(t, someone('Mary Jackson'));
      const presented = session.refreshCookie.slice(REFRESH_COOKIE.length + 1);
      const successor = randomToken(32);
      let signedOut: Promise<{ statusCode: number }> | undefined;
      // A refresh as rotateRefreshToken does it, held open at its end: the presented token is
      // marked rotated (its row locked) and its successor inserted, not yet committed.
      await t.db.transaction(async (tx) => {
        const current = await rotatePresented(t, tx, presented);
        await insertSuccessor(t, tx, current, successor);
        signedOut = t.app.inject({
          method: 'POST',
          url: signOut,
          headers: {
            authorization: `Bearer ${session.accessToken}`,
            cookie: session.refreshCookie,
            origin: t.config.publicUrl,
          },
        });
        // The sign-out waits on the row the refresh holds; then the refresh commits.
        await untilSomeoneWaits(t);
      });
      expect((await signedOut!).statusCode).toBe(204);

      // Neither the successor nor the session's access token outlive the sign-out.
      expect((await refresh(t, `${REFRESH_COOKIE}=${successor}`)).statusCode).toBe(401);
      const me = await t.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(me.statusCode).toBe(401);
    });
  }
});
