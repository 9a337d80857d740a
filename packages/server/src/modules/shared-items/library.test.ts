import { type LibraryResponse, type SharedItemSummary } from '@promptloom/core';
import { LIBRARY_PAGE_SIZE } from '../../limits';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { blocks, sharedItems } from '../../db/schema';
import { loadBlockSharing } from './block-sharing';
import { searchVector } from './queries';
import {
  appWithUsers,
  call,
  importAs,
  insertBlock,
  readBlock,
  resignTokens,
  share,
  type TestUser,
} from './test-support';

describe('library, likes, import and updates', () => {
  let t: TestApp;
  let ada: TestUser, bob: TestUser, cyd: TestUser;

  beforeAll(async () => {
    [t, ada, bob, cyd] = await appWithUsers('Ada', 'Bob', 'Cyd');
  });
  afterAll(() => t.close());

  const library = async (user: TestUser, query: string) => {
    const res = await call(t, user, 'GET', `/api/shared-items?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LibraryResponse>();
  };

  it('searches name, description and tags by word prefix, filters by every tag, sorts and pages', async () => {
    const made: string[] = [];
    for (let i = 0; i < LIBRARY_PAGE_SIZE + 2; i++) {
      const block = await insertBlock(t, ada, { name: `Zebra helper ${i}` });
      const item = await share(t, ada, block.id, {
        isPublic: true,
        description: i === 0 ? 'Finds quokkas in logs' : null,
        tags: i % 2 ? ['zoo', 'odd'] : ['zoo'],
      });
      made.push(item.id);
      t.clock.advance(1000);
    }
    const first = await library(bob, 'search=zebr');
    expect(first.meta).toEqual({
      page: 1,
      totalPages: 2,
      total: LIBRARY_PAGE_SIZE + 2,
      pageSize: LIBRARY_PAGE_SIZE,
    });
    expect(first.data[0]!.id).toBe(made.at(-1)); // newest first
    const second = await library(bob, 'search=zebr&page=2');
    expect(second.data).toHaveLength(2);

    expect((await library(bob, 'search=QUOKKA')).data.map((i) => i.id)).toEqual([made[0]]);
    expect((await library(bob, 'search=zebra%20helper%203')).data.map((i) => i.id)).toEqual([
      made[3],
    ]);
    const odd = await library(bob, 'tags=zoo,ODD');
    expect(odd.meta.total).toBe((LIBRARY_PAGE_SIZE + 2) / 2);
    expect((await library(bob, 'search=odd')).meta.total).toBe((LIBRARY_PAGE_SIZE + 2) / 2);

    await call(t, cyd, 'POST', `/api/shared-items/${made[5]}/like`);
    await importAs(t, cyd, made[7]!, 'CLONE');
    expect((await library(bob, 'tags=zoo&sortBy=likes')).data[0]!.id).toBe(made[5]);
    expect((await library(bob, 'tags=zoo&sortBy=downloads')).data[0]!.id).toBe(made[7]);

    const tags = (await call(t, bob, 'GET', '/api/shared-items/tags')).json<
      { tag: string; count: number }[]
    >();
    expect(tags).toContainEqual({ tag: 'zoo', count: LIBRARY_PAGE_SIZE + 2 });
    expect(tags).toContainEqual({ tag: 'odd', count: (LIBRARY_PAGE_SIZE + 2) / 2 });

    const bad = await call(t, bob, 'GET', '/api/shared-items?sortBy=name');
    expect(bad.statusCode).toBe(400);
  });

  it('answers the search from the GIN index (the planner matches the indexed expression)', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<Record<string, string>>(
        sql`explain select id from ${sharedItems} where ${searchVector} @@ to_tsquery('simple', 'zebr:*')`,
      );
    });
    expect(JSON.stringify(plan.rows)).toContain('shared_items_search_idx');
  });

  it('counts likes exactly under concurrent requests and keeps them idempotent', async () => {
    const block = await insertBlock(t, ada, { name: 'Popular' });
    const item = await share(t, ada, block.id, { isPublic: true });
    const url = `/api/shared-items/${item.id}/like`;
    await Promise.all(
      [ada, bob, cyd].flatMap((user) =>
        Array.from({ length: 4 }, () => call(t, user, 'POST', url)),
      ),
    );
    const liked = (
      await call(t, bob, 'GET', `/api/shared-items/${item.id}`)
    ).json<SharedItemSummary>();
    expect(liked).toMatchObject({ likeCount: 3, isLikedByCurrentUser: true });

    const unlikes = await Promise.all(
      [bob, bob, bob, cyd, cyd].map((user) => call(t, user, 'DELETE', url)),
    );
    expect(unlikes.every((res) => res.statusCode === 200)).toBe(true);
    const after = (
      await call(t, bob, 'GET', `/api/shared-items/${item.id}`)
    ).json<SharedItemSummary>();
    expect(after).toMatchObject({ likeCount: 1, isLikedByCurrentUser: false });
    expect((await call(t, ada, 'GET', `/api/shared-items/${item.id}`)).json()).toMatchObject({
      isLikedByCurrentUser: true,
    });

    const hidden = await share(t, ada, (await insertBlock(t, ada)).id, { isPublic: false });
    expect((await call(t, bob, 'POST', `/api/shared-items/${hidden.id}/like`)).statusCode).toBe(
      404,
    );
  });

  it('clones as an independent copy and subscribes as a linked block; downloads once per user', async () => {
    const block = await insertBlock(t, ada, { name: 'Importable', content: 'original' });
    const item = await share(t, ada, block.id, { isPublic: true });
    const url = `/api/shared-items/${item.id}/import`;

    const clone = await call(t, bob, 'POST', url, { importMode: 'CLONE' });
    expect(clone.statusCode).toBe(201);
    const cloned = clone.json<{ blockId: string; subscriptionId: string | null }>();
    expect(cloned.subscriptionId).toBeNull();
    expect(await readBlock(t, cloned.blockId)).toMatchObject({
      userId: bob.user.id,
      name: 'Importable',
      content: 'original',
      type: 'STATIC',
      color: '#22C55E',
      category: 'Revues',
      systemBehavior: 'NONE',
    });

    const defaultMode = await call(t, cyd, 'POST', url);
    expect(defaultMode.json()).toMatchObject({ importMode: 'CLONE' });

    const sub = await call(t, bob, 'POST', url, { importMode: 'SUBSCRIBE' });
    const subscribed = sub.json<{ blockId: string; subscriptionId: string }>();
    const sharing = await loadBlockSharing(t.db, bob.user.id);
    expect(sharing.get(subscribed.blockId)).toEqual({
      subscription: {
        id: subscribed.subscriptionId,
        sharedItemId: item.id,
        subscribedVersion: 1,
        detached: null,
      },
      sharedVersion: { id: item.id, version: 1, authorId: ada.user.id, edited: false },
    });
    expect(sharing.has(cloned.blockId)).toBe(false);
    const authorSide = await loadBlockSharing(t.db, ada.user.id, [block.id]);
    expect(authorSide.get(block.id)).toEqual({
      subscription: null,
      sharedVersion: { id: item.id, version: 1, authorId: ada.user.id, edited: false },
    });

    // A change to what publishing copies, the category too, makes the block differ from it.
    await t.db.update(blocks).set({ category: 'Reviews' }).where(eq(blocks.id, block.id));
    expect(
      (await loadBlockSharing(t.db, ada.user.id, [block.id])).get(block.id)?.sharedVersion?.edited,
    ).toBe(true);

    const own = await call(t, ada, 'POST', url, { importMode: 'CLONE' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ code: 'IMPORT_OWN_ITEM' });
    // Bob cloned and subscribed, Cyd cloned: two people, so two downloads.
    expect((await call(t, bob, 'GET', `/api/shared-items/${item.id}`)).json()).toMatchObject({
      downloadCount: 2,
    });
  });

  it('publishes an update then the subscriber accepts it; clones stay untouched', async () => {
    const block = await insertBlock(t, ada, { name: 'Evolving', content: 'first draft' });
    const item = await share(t, ada, block.id, { isPublic: false });
    await call(t, bob, 'GET', `/api/shared-items/share/${item.shareToken}`);
    const clone = await importAs(t, bob, item.id, 'CLONE');
    const sub = await importAs(t, bob, item.id, 'SUBSCRIBE');

    await t.db
      .update(blocks)
      .set({ name: 'Evolving v2', content: 'second draft' })
      .where(eq(blocks.id, block.id));
    const publish = await call(t, ada, 'PUT', `/api/shared-items/${item.id}`, {
      versionNotes: 'Tighter wording',
    });
    expect(publish.statusCode).toBe(200);
    expect(publish.json()).toMatchObject({
      currentVersion: 2,
      name: 'Evolving v2',
      sharedVersion: { version: 2, versionNotes: 'Tighter wording' },
      originalBlock: { content: 'second draft' },
    });

    const pending = (await loadBlockSharing(t.db, bob.user.id, [sub.blockId])).get(sub.blockId);
    expect(pending?.subscription?.subscribedVersion).toBe(1);
    expect(pending?.sharedVersion?.version).toBe(2);
    // An expired link does not cut a subscriber off from updates (a revoked one does).
    await call(t, ada, 'PATCH', `/api/shared-items/${item.id}/options`, { expiresInDays: 7 });
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    await resignTokens(t, ada, bob, cyd);
    expect((await call(t, bob, 'GET', `/api/shared-items/${item.id}`)).json()).toMatchObject({
      sharedVersion: { versionNotes: 'Tighter wording' },
    });

    const accept = await call(
      t,
      bob,
      'POST',
      `/api/shared-items/${item.id}/update-subscription/${sub.subscriptionId}`,
      { baseVersion: 1, version: 2, content: 'second draft' },
    );
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ blockId: sub.blockId, subscribedVersion: 2 });
    expect(await readBlock(t, sub.blockId)).toMatchObject({
      name: 'Evolving v2',
      content: 'second draft',
    });
    expect(await readBlock(t, clone.blockId)).toMatchObject({
      name: 'Evolving',
      content: 'first draft',
    });
    const done = (await loadBlockSharing(t.db, bob.user.id, [sub.blockId])).get(sub.blockId);
    expect(done?.subscription?.subscribedVersion).toBe(2);

    await t.db.delete(blocks).where(eq(blocks.id, block.id));
    const orphan = await call(t, ada, 'PUT', `/api/shared-items/${item.id}`, { versionNotes: 'x' });
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json()).toMatchObject({ code: 'SHARE_SOURCE_DELETED' });
  });

  it('fills subscription and sharedVersion in the block API', async () => {
    const block = await insertBlock(t, ada, { name: 'Via blocks API' });
    const item = await share(t, ada, block.id, { isPublic: true });
    const sub = await importAs(t, bob, item.id, 'SUBSCRIBE');
    await call(t, ada, 'PUT', `/api/shared-items/${item.id}`, { versionNotes: 'v2' });

    const bobs = await call(t, bob, 'GET', `/api/blocks/${sub.blockId}`);
    expect(bobs.json()).toMatchObject({
      subscription: {
        id: sub.subscriptionId,
        sharedItemId: item.id,
        subscribedVersion: 1,
        detached: null,
      },
      sharedVersion: { id: item.id, version: 2, authorId: ada.user.id },
    });
    const list = (await call(t, ada, 'GET', '/api/blocks')).json<{ items: { id: string }[] }>()
      .items;
    expect(list.find((b) => b.id === block.id)).toMatchObject({
      subscription: null,
      sharedVersion: { id: item.id, version: 2, authorId: ada.user.id },
    });
  });
});
