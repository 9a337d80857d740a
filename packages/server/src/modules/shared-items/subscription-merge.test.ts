import { mergedText, mergeThreeWay, type SubscriptionUpdate } from '@promptloom/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { blocks, subscriptions } from '../../db/schema';
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

/** Accepting an update merges it with the subscriber's edits (decision 098). */
describe('accepting an update with a three-way merge', () => {
  let t: TestApp;
  let ada: TestUser, bob: TestUser;

  beforeAll(async () => {
    [t, ada, bob] = await appWithUsers('Ada', 'Bob');
  });
  afterAll(() => t.close());

  const V1 = 'Role: reviewer.\nCheck the tests.\nBe brief.\n';

  async function subscribed() {
    const source = await insertBlock(t, ada, { name: 'Review', content: V1 });
    const item = await share(t, ada, source.id, { isPublic: true });
    const { blockId, subscriptionId } = await importAs(t, bob, item.id, 'SUBSCRIBE');
    const url = `/api/shared-items/${item.id}/update-subscription/${subscriptionId}`;
    const publish = (content: string, name = 'Review') =>
      publishVersion(t, ada, { itemId: item.id, blockId: source.id }, content, name);
    const edit = (fields: { name?: string; content?: string }) =>
      t.db.update(blocks).set(fields).where(eq(blocks.id, blockId));
    const base = async () =>
      (await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0];
    return { source, item, blockId, url, publish, edit, base };
  }

  it('keeps the base at import, merges both sides on accept, and moves the base to the version accepted', async () => {
    const { blockId, url, publish, edit, base } = await subscribed();
    expect(await base()).toMatchObject({ subscribedVersion: 1, baseContent: V1 });

    await edit({ content: 'Role: reviewer.\nCheck the tests.\nBe brief.\nAnswer in French.\n' });
    await publish('Role: senior reviewer.\nCheck the tests.\nBe brief.\n');
    const preview = await call(t, bob, 'GET', url);
    expect(preview.statusCode, preview.body).toBe(200);
    const update = preview.json<SubscriptionUpdate>();
    expect(update).toMatchObject({ baseVersion: 1, baseContent: V1, version: 2 });

    const mine = (await readBlock(t, blockId))!.content;
    const merge = mergeThreeWay(update.baseContent, mine, update.content);
    expect(merge.conflicts).toBe(0);
    const merged = mergedText(merge, [])!;
    const accept = await call(t, bob, 'POST', url, { baseVersion: 1, version: 2, content: merged });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await readBlock(t, blockId))!.content).toBe(
      'Role: senior reviewer.\nCheck the tests.\nBe brief.\nAnswer in French.\n',
    );
    expect(await base()).toMatchObject({ subscribedVersion: 2, baseContent: update.content });
    const next = (await call(t, bob, 'GET', url)).json<SubscriptionUpdate>();
    expect(next).toMatchObject({ baseVersion: 2, baseContent: update.content, version: 2 });
  });

  it('answers 409 to a merge made from a stale base or an outdated version, writing nothing', async () => {
    const { blockId, url, publish, base } = await subscribed();
    await publish('v2\n');
    const first = await call(t, bob, 'POST', url, { baseVersion: 1, version: 2, content: 'v2\n' });
    expect(first.statusCode).toBe(200);

    // The same preview accepted again (another tab): its base is no longer the subscriber's.
    const again = await call(t, bob, 'POST', url, { baseVersion: 1, version: 2, content: 'old' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SUBSCRIPTION_UPDATE_STALE' });

    // A version published after the preview: the merge did not see it.
    await publish('v3\n');
    const outdated = await call(t, bob, 'POST', url, { baseVersion: 2, version: 2, content: 'x' });
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json()).toMatchObject({ code: 'SUBSCRIPTION_UPDATE_STALE' });
    expect((await readBlock(t, blockId))!.content).toBe('v2\n');
    expect(await base()).toMatchObject({ subscribedVersion: 2, baseContent: 'v2\n' });
  });

  it("keeps a name the subscriber changed, follows the author's otherwise, and refuses blank content", async () => {
    const { blockId, url, publish, edit } = await subscribed();
    await publish('v2\n', 'Review v2');
    const blank = await call(t, bob, 'POST', url, { baseVersion: 1, version: 2, content: ' \n' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'BLOCK_CONTENT_EMPTY' });
    await call(t, bob, 'POST', url, { baseVersion: 1, version: 2, content: 'v2\n' });
    expect(await readBlock(t, blockId)).toMatchObject({ name: 'Review v2' });

    await edit({ name: 'My review' });
    await publish('v3\n', 'Review v3');
    await call(t, bob, 'POST', url, { baseVersion: 2, version: 3, content: 'v3\n' });
    expect(await readBlock(t, blockId)).toMatchObject({ name: 'My review', content: 'v3\n' });
  });

  it('tells the author their block was edited since the latest version, until it is published', async () => {
    const { source, publish } = await subscribed();
    const sharedVersion = async () =>
      (await call(t, ada, 'GET', `/api/blocks/${source.id}`)).json<{
        sharedVersion: { version: number; edited: boolean };
      }>().sharedVersion;
    expect(await sharedVersion()).toMatchObject({ version: 1, edited: false });
    await t.db.update(blocks).set({ content: 'draft\n' }).where(eq(blocks.id, source.id));
    expect(await sharedVersion()).toMatchObject({ version: 1, edited: true });
    await publish('draft\n');
    expect(await sharedVersion()).toMatchObject({ version: 2, edited: false });
  });

  it('answers 404 to the preview and the accept of someone else’s subscription', async () => {
    const { url } = await subscribed();
    expect((await call(t, ada, 'GET', url)).statusCode).toBe(404);
    const res = await call(t, ada, 'POST', url, { baseVersion: 1, version: 1, content: 'x' });
    expect(res.statusCode).toBe(404);
  });
});
