import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { appWithUsers, call, importAs, insertBlock, share, type TestUser } from './test-support';

/**
 * Decision 093: an item switched from public to a private link detaches the subscribers of
 * its public period, as a revoke does; and a download counts once per user and item.
 */
describe('private from then on, downloads once', () => {
  let t: TestApp;
  let ada: TestUser, bob: TestUser, cyd: TestUser;

  beforeAll(async () => {
    [t, ada, bob, cyd] = await appWithUsers('Ada', 'Bob', 'Cyd');
  });
  afterAll(() => t.close());

  const blockOf = async (user: TestUser, blockId: string) =>
    (await call(t, user, 'GET', `/api/blocks/${blockId}`)).json<{
      subscription: { detached: string | null } | null;
      sharedVersion: { version: number } | null;
    }>();

  it('detaches the public period’s subscribers when the item becomes a private link', async () => {
    const block = await insertBlock(t, ada, { name: 'Public first' });
    const item = await share(t, ada, block.id, { isPublic: true });
    const copy = await importAs(t, bob, item.id, 'SUBSCRIBE');
    expect((await blockOf(bob, copy.blockId)).subscription?.detached).toBeNull();

    const switched = await call(t, ada, 'PATCH', `/api/shared-items/${item.id}/options`, {
      action: 'TOGGLE_VISIBILITY',
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ visibility: 'UNLISTED' });

    const after = await blockOf(bob, copy.blockId);
    expect(after.subscription?.detached).toBe('REVOKED');
    expect(after.sharedVersion).toBeNull();
    // Bob no longer sees the item; accepting an update is refused as after a revoke.
    expect((await call(t, bob, 'GET', `/api/shared-items/${item.id}`)).statusCode).toBe(404);
    const update = await call(
      t,
      bob,
      'POST',
      `/api/shared-items/${item.id}/update-subscription/${copy.subscriptionId}`,
      { baseVersion: 1, version: 1, content: 'Public first, merged' },
    );
    expect(update.statusCode, update.body).toBe(409);
  });

  it('counts a download once per user and item, however often they import it', async () => {
    const block = await insertBlock(t, ada, { name: 'Downloaded' });
    const item = await share(t, ada, block.id, { isPublic: true });
    await importAs(t, bob, item.id, 'CLONE');
    await importAs(t, bob, item.id, 'CLONE');
    await importAs(t, bob, item.id, 'SUBSCRIBE');
    await importAs(t, cyd, item.id, 'CLONE');
    const seen = await call(t, cyd, 'GET', `/api/shared-items/${item.id}`);
    expect(seen.json()).toMatchObject({ downloadCount: 2 });
  });
});
