import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  accessTokens,
  blocks,
  compositions,
  likes,
  refreshTokens,
  sharedItems,
  userSettings,
  users,
} from '../../db/schema';
import { signInLocally } from '../auth/testing';
import { call, importAs, share, type TestUser } from '../shared-items/test-support';
import { bobsSharedBlock, exportOf, fillAda } from './test-support';

/** The account's data is the user's (decision 060): deleting the account removes all of it, and only it. */

let t: TestApp;
let ada: TestUser, bob: TestUser;

// One app for the file: each test signs in its own users, and a deletion reaches only its own.
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  ada = await t.createUser('Ada');
  bob = await t.createUser('Bob');
});

describe('DELETE /api/account', () => {
  it('removes everything of the user; subscribers keep detached copies and see it', async () => {
    const { reviewer } = await fillAda(t, ada);
    const item = await share(t, ada, reviewer.id, {});
    const { blockId } = await importAs(t, bob, item.id, 'SUBSCRIBE');
    const { block: bobs, item: bobItem } = await bobsSharedBlock(t, bob);
    await call(t, ada, 'POST', `/api/shared-items/${bobItem.id}/like`);
    await call(t, ada, 'POST', '/api/access-tokens', { name: 'CLI' });
    await call(t, bob, 'POST', `/api/shared-items/${item.id}/like`);

    const res = await call(t, ada, 'DELETE', '/api/account');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.headers['set-cookie']).toMatch(/pl_refresh=;/);

    const id = ada.user.id;
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    for (const [table, rows] of [
      ['blocks', await t.db.select().from(blocks).where(eq(blocks.userId, id))],
      ['compositions', await t.db.select().from(compositions).where(eq(compositions.userId, id))],
      ['settings', await t.db.select().from(userSettings).where(eq(userSettings.userId, id))],
      ['shared items', await t.db.select().from(sharedItems).where(eq(sharedItems.authorId, id))],
      ['likes', await t.db.select().from(likes).where(eq(likes.userId, id))],
      ['tokens', await t.db.select().from(accessTokens).where(eq(accessTokens.userId, id))],
      ['sessions', await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id))],
    ] as const) {
      expect(rows, table).toEqual([]);
    }
    // Bob's copy stays his, detached because the item was deleted.
    const copy = await call(t, bob, 'GET', `/api/blocks/${blockId}`);
    expect(copy.statusCode).toBe(200);
    expect(copy.json()).toMatchObject({
      content: reviewer.content,
      subscription: { sharedItemId: null, detached: 'DELETED' },
    });
    // Ada's like no longer counts on Bob's item.
    const [bobRow] = await t.db.select().from(sharedItems).where(eq(sharedItems.id, bobItem.id));
    expect(bobRow!.likeCount).toBe(0);
    // The other user's data is untouched.
    expect((await call(t, bob, 'GET', `/api/blocks/${bobs.id}`)).statusCode).toBe(200);
  });

  it('ends every session of the account at once', async () => {
    const session = await signInLocally(t, { name: 'Eve', email: 'eve@example.test' });
    const headers = { authorization: `Bearer ${session.accessToken}` };
    expect((await t.app.inject({ url: '/api/blocks', headers })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/blocks', headers })).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { origin: t.config.publicUrl, cookie: session.refreshCookie },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('touches only the caller: another user’s data cannot be reached', async () => {
    await fillAda(t, ada);
    const before = await exportOf(t, ada);
    expect((await call(t, bob, 'DELETE', '/api/account')).statusCode).toBe(204);
    expect(await exportOf(t, ada)).toEqual({ ...before, exportedAt: expect.any(String) });
    // Bob's export never holds Ada's rows, and the routes take no user id to aim elsewhere.
    const cyd = await t.createUser('Cyd');
    const cydFile = await exportOf(t, cyd);
    expect(cydFile.blocks.map((block) => block.id)).not.toEqual(
      expect.arrayContaining(before.blocks.map((block) => block.id)),
    );
    expect(cydFile.compositions).toEqual([]);
  });
});
