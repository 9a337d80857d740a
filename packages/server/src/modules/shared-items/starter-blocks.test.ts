import type { SharedItemSummary } from '@promptloom/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { blocks, sharedItems } from '../../db/schema';
import { seedDatabase } from '../../db/seed';
import { STARTER_BLOCKS } from './starter-blocks';
import { getSystemAuthorId } from './system-author';
import { appWithUsers, call, importAs, readBlock, type TestUser } from './test-support';

/** The curated library the start-up seed keeps: its author, its starter blocks and their updates. */
describe('the starter blocks', () => {
  let t: TestApp;
  let bob: TestUser, cyd: TestUser;

  beforeAll(async () => {
    [t, bob, cyd] = await appWithUsers('Bob', 'Cyd');
  });
  afterAll(() => t.close());

  it('seeds the system author and its starter blocks once, starred and recommended first', async () => {
    const authorId = await getSystemAuthorId(t.db);
    expect(authorId).toBeTruthy();
    await seedDatabase(t.db, t.clock.now());
    const items = await t.db.select().from(sharedItems).where(eq(sharedItems.authorId, authorId!));
    expect(items).toHaveLength(STARTER_BLOCKS.length);

    const recommended = await call(t, bob, 'GET', '/api/shared-items/recommended');
    const list = recommended.json<SharedItemSummary[]>();
    expect(list.slice(0, STARTER_BLOCKS.length).every((item) => item.author.isSystem)).toBe(true);
    const detail = await call(t, bob, 'GET', `/api/shared-items/${list[0]!.id}`);
    expect(
      detail.json<{ originalBlock: { content: string } }>().originalBlock.content.length,
    ).toBeGreaterThan(200);
  });

  it('publishes a changed starter text as a new version at the next seed', async () => {
    const authorId = (await getSystemAuthorId(t.db))!;
    const [item] = await t.db
      .select()
      .from(sharedItems)
      .where(eq(sharedItems.name, STARTER_BLOCKS[0]!.name));
    // Simulate an older release's text: the seed must bring the item up to date.
    await t.db.execute(
      sql`update shared_item_versions set content = 'old text' where shared_item_id = ${item!.id}`,
    );
    await seedDatabase(t.db, t.clock.now());
    const [after] = await t.db.select().from(sharedItems).where(eq(sharedItems.id, item!.id));
    expect(after).toMatchObject({ currentVersion: 2, authorId });
    // Its notes are in the language of the block's text, like its category.
    const detail = await call(t, bob, 'GET', `/api/shared-items/${item!.id}`);
    expect(JSON.stringify(detail.json())).toContain('Content improved by Promptloom.');
  });

  it('files the starter blocks under English categories, as their texts are, old seeds too', async () => {
    expect([...new Set(STARTER_BLOCKS.map((starter) => starter.category))]).toEqual([
      'Roles',
      'Reviews',
      'Output formats',
      'Workflows',
    ]);
    const starter = STARTER_BLOCKS[0]!;
    const [item] = await t.db.select().from(sharedItems).where(eq(sharedItems.name, starter.name));
    // An older release's French category: the next seed files it under the English one.
    await t.db
      .update(sharedItems)
      .set({ blockCategory: 'Rôles' })
      .where(eq(sharedItems.id, item!.id));
    await t.db.update(blocks).set({ category: 'Rôles' }).where(eq(blocks.id, item!.sourceBlockId!));
    await seedDatabase(t.db, t.clock.now());
    const [after] = await t.db.select().from(sharedItems).where(eq(sharedItems.id, item!.id));
    expect(after!.blockCategory).toBe(starter.category);
    const [source] = await t.db.select().from(blocks).where(eq(blocks.id, item!.sourceBlockId!));
    expect(source!.category).toBe(starter.category);
    expect(after!.currentVersion).toBe(item!.currentVersion);
    // Imported, the block is filed under it.
    const { blockId } = await importAs(t, cyd, item!.id, 'CLONE');
    expect(await readBlock(t, blockId)).toMatchObject({ category: starter.category });
  });
});
