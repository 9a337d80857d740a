import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { sharedItems, subscriptions, unlistedAccess } from '../../db/schema';
import {
  appWithUsers,
  call,
  importAs,
  insertBlock,
  publishVersion,
  readBlock,
  share,
  type TestUser,
} from './test-support';

/** Revoking, regenerating and deleting end access (decision 042); copies stay with owners. */
describe('revoke means revoke, and a shared item can be deleted', () => {
  let t: TestApp;
  let ada: TestUser, bob: TestUser, cyd: TestUser, dan: TestUser;

  beforeAll(async () => {
    [t, ada, bob, cyd, dan] = await appWithUsers('Ada', 'Bob', 'Cyd', 'Dan');
  });
  afterAll(() => t.close());

  const blockOf = async (user: TestUser, blockId: string) =>
    (await call(t, user, 'GET', `/api/blocks/${blockId}`)).json<{
      content: string;
      subscription: { sharedItemId: string | null; detached: string | null } | null;
      sharedVersion: { version: number } | null;
    }>();

  for (const action of ['REVOKE_TOKEN', 'REGENERATE_TOKEN'] as const) {
    it(`${action}: readers, importers and subscribers through the link lose it; clones stay`, async () => {
      const source = await insertBlock(t, ada, { name: `Private ${action}`, content: 'v1' });
      const item = await share(t, ada, source.id, { isPublic: false });
      for (const user of [bob, cyd, dan]) {
        const res = await call(t, user, 'GET', `/api/shared-items/share/${item.shareToken}`);
        expect(res.statusCode).toBe(200);
      }
      const sub = await importAs(t, cyd, item.id, 'SUBSCRIBE');
      const clone = await importAs(t, dan, item.id, 'CLONE');
      await publishVersion(t, ada, { itemId: item.id, blockId: source.id }, 'v2');
      expect((await blockOf(cyd, sub.blockId)).sharedVersion).toMatchObject({ version: 2 });

      const res = await call(t, ada, 'PATCH', `/api/shared-items/${item.id}/options`, { action });
      expect(res.statusCode, res.body).toBe(200);
      await publishVersion(t, ada, { itemId: item.id, blockId: source.id }, 'v3 after the revoke');

      for (const user of [bob, cyd, dan]) {
        // Reads, and imports of any kind, are refused as if the item did not exist.
        expect((await call(t, user, 'GET', `/api/shared-items/${item.id}`)).statusCode).toBe(404);
        const again = await call(t, user, 'POST', `/api/shared-items/${item.id}/import`, {
          importMode: 'CLONE',
        });
        expect(again.statusCode).toBe(404);
        const like = await call(t, user, 'POST', `/api/shared-items/${item.id}/like`);
        expect(like.statusCode).toBe(404);
      }
      // The subscriber keeps the copy, told it is detached, and learns nothing of v3.
      const detached = await blockOf(cyd, sub.blockId);
      expect(detached).toMatchObject({
        content: 'v1',
        subscription: { sharedItemId: item.id, detached: 'REVOKED' },
        sharedVersion: null,
      });
      const accept = await call(
        t,
        cyd,
        'POST',
        `/api/shared-items/${item.id}/update-subscription/${sub.subscriptionId}`,
        { baseVersion: 1, version: 2, content: 'v2' },
      );
      expect(accept.statusCode).toBe(409);
      expect(accept.json()).toMatchObject({ code: 'SUBSCRIPTION_DETACHED' });
      expect((await readBlock(t, sub.blockId))?.content).toBe('v1');
      expect((await blockOf(dan, clone.blockId)).content).toBe('v1');
      const access = await t.db
        .select()
        .from(unlistedAccess)
        .where(eq(unlistedAccess.sharedItemId, item.id));
      expect(access).toEqual([]);

      if (action === 'REGENERATE_TOKEN') {
        // The new link grants access afresh, to whoever opens it, and nothing more.
        const fresh = res.json<{ shareToken: string }>().shareToken;
        expect((await call(t, bob, 'GET', `/api/shared-items/share/${fresh}`)).statusCode).toBe(
          200,
        );
        expect((await call(t, bob, 'GET', `/api/shared-items/${item.id}`)).json()).toMatchObject({
          originalBlock: { content: 'v3 after the revoke' },
        });
        expect((await call(t, cyd, 'GET', `/api/shared-items/${item.id}`)).statusCode).toBe(404);
      }
    });
  }

  it('a revoke racing resolutions and subscriptions leaves no access and no attached subscriber', async () => {
    const source = await insertBlock(t, ada, { name: 'Raced link' });
    const item = await share(t, ada, source.id, { isPublic: false });
    const users = [bob, cyd, dan];
    const follow = async (user: TestUser) => {
      await call(t, user, 'GET', `/api/shared-items/share/${item.shareToken}`);
      await call(t, user, 'POST', `/api/shared-items/${item.id}/import`, {
        importMode: 'SUBSCRIBE',
      });
    };
    const revoke = call(t, ada, 'PATCH', `/api/shared-items/${item.id}/options`, {
      action: 'REVOKE_TOKEN',
    });
    const [revoked] = await Promise.all([revoke, ...users.map(follow), ...users.map(follow)]);
    expect(revoked.statusCode).toBe(200);
    const access = await t.db
      .select()
      .from(unlistedAccess)
      .where(eq(unlistedAccess.sharedItemId, item.id));
    expect(access).toEqual([]);
    const subs = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.sharedItemId, item.id));
    expect(subs.filter((s) => s.detachedAt === null)).toEqual([]);
  });

  it('the author deletes a shared item: subscribers keep a detached copy, clones are untouched', async () => {
    const source = await insertBlock(t, ada, { name: 'To be deleted', content: 'kept text' });
    const item = await share(t, ada, source.id, { isPublic: true });
    const sub = await importAs(t, bob, item.id, 'SUBSCRIBE');
    const clone = await importAs(t, cyd, item.id, 'CLONE');
    await call(t, dan, 'POST', `/api/shared-items/${item.id}/like`);

    // Nobody else may delete it, whatever they can see.
    for (const user of [bob, cyd, dan]) {
      const res = await call(t, user, 'DELETE', `/api/shared-items/${item.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'SHARED_ITEM_NOT_FOUND' });
    }
    const deleted = await call(t, ada, 'DELETE', `/api/shared-items/${item.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.select().from(sharedItems).where(eq(sharedItems.id, item.id))).toEqual([]);
    expect((await call(t, ada, 'DELETE', `/api/shared-items/${item.id}`)).statusCode).toBe(404);
    expect((await call(t, bob, 'GET', `/api/shared-items/${item.id}`)).statusCode).toBe(404);

    expect(await blockOf(bob, sub.blockId)).toMatchObject({
      content: 'kept text',
      subscription: { sharedItemId: null, detached: 'DELETED' },
      sharedVersion: null,
    });
    expect(await blockOf(cyd, clone.blockId)).toMatchObject({
      content: 'kept text',
      subscription: null,
    });
    // The author's block is theirs again, no longer the source of anything.
    expect(await blockOf(ada, source.id)).toMatchObject({ sharedVersion: null });
    const mine = await call(t, ada, 'GET', '/api/shared-items/my-items');
    expect(mine.json<{ items: { id: string }[] }>().items.map((i) => i.id)).not.toContain(item.id);
    // It can be shared again as a new item.
    expect((await share(t, ada, source.id, { isPublic: true })).id).not.toBe(item.id);
  });

  it('lists the delete route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(doc.paths['/api/shared-items/{id}']?.delete?.responses ?? {})).toEqual(
      expect.arrayContaining(['204', '404']),
    );
  });
});
