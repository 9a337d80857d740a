import { ERROR_MESSAGES, QUOTAS } from '@promptloom/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { blocks, compositions, sharedItems, sharedItemVersions } from '../src/db/schema';
import { readUsage } from '../src/modules/quotas/service';
import { call, insertBlock, share, type TestUser } from '../src/modules/shared-items/test-support';
import { buildTestApp, documentedResponses, listAll, type TestApp } from './helpers';

/**
 * Per-user quotas (decision 026) with the real limits: counts answer 409, stored text 413,
 * with the message that names the limit, and a refused write leaves everything as it was.
 * Rows are bulk-inserted to bring a user up to a limit; the API then makes the last step.
 */

// Thousands of rows per test: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

// Quotas are per user: one app for the file, and new users for each test, keep tests apart.
let t: TestApp;
let ada: TestUser, bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  ada = await t.createUser('Ada');
  bob = await t.createUser('Bob');
});

const blockBody = (content = 'Review the code.', name = 'Reviewer') => ({
  name,
  content,
  type: 'STATIC',
  category: 'Revues',
  color: '#22C55E',
});

/** Inserts `count` small blocks for the user, in statements of 500 rows. */
async function fillBlocks(user: TestUser, count: number) {
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      userId: user.user.id,
      name: `Filler ${start + i}`,
      content: 'x',
      type: 'STATIC' as const,
    }));
    await t.db.insert(blocks).values(rows);
  }
}

/** One big block that leaves exactly `room` characters of the user's stored-text quota. */
async function leaveRoom(user: TestUser, room: number) {
  const used = (await readUsage(t.db, user.user.id)).storedChars;
  const name = 'Filler';
  await insertBlock(t, user, {
    name,
    content: 'y'.repeat(QUOTAS.storedChars - used - room - name.length - 'Revues'.length),
  });
  expect((await readUsage(t.db, user.user.id)).storedChars).toBe(QUOTAS.storedChars - room);
}

function expectRefused(
  res: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error: string; code: string };
  expect(body.code).toBe(code);
  expect(body.error).toBe(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES].en);
}

describe('block quota', () => {
  it('refuses the block past the limit with 409 naming it, then allows one after a delete', async () => {
    const held = (await readUsage(t.db, ada.user.id)).blocks;
    await fillBlocks(ada, QUOTAS.blocks - held);
    const before = await listAll(t, ada.headers, '/api/blocks');
    expect(before).toHaveLength(QUOTAS.blocks);

    const res = await call(t, ada, 'POST', '/api/blocks', blockBody());
    expectRefused(res, 409, 'QUOTA_BLOCKS');
    expect(res.json<{ error: string }>().error).toContain('2,000 blocks');
    expect(await listAll(t, ada.headers, '/api/blocks')).toEqual(before);

    // Another user is not affected.
    expect((await call(t, bob, 'POST', '/api/blocks', blockBody())).statusCode).toBe(201);

    const filler = before.at(-1) as { id: string };
    expect((await call(t, ada, 'DELETE', `/api/blocks/${filler.id}`)).statusCode).toBe(204);
    expect((await call(t, ada, 'POST', '/api/blocks', blockBody())).statusCode).toBe(201);
  });

  it('refuses an import past the limit and counts no download', async () => {
    const source = await insertBlock(t, bob, { name: 'Shared', content: 'Shared text' });
    const item = await share(t, bob, source.id, { isPublic: true });
    await fillBlocks(ada, QUOTAS.blocks - (await readUsage(t.db, ada.user.id)).blocks);

    for (const importMode of ['CLONE', 'SUBSCRIBE']) {
      const res = await call(t, ada, 'POST', `/api/shared-items/${item.id}/import`, {
        importMode,
      });
      expectRefused(res, 409, 'QUOTA_BLOCKS');
    }
    expect((await readUsage(t.db, ada.user.id)).blocks).toBe(QUOTAS.blocks);
    const [row] = await t.db.select().from(sharedItems).where(eq(sharedItems.id, item.id));
    expect(row?.downloadCount).toBe(0);
  });

  it('lets concurrent creations reach the limit and never pass it', async () => {
    const room = 3;
    await fillBlocks(ada, QUOTAS.blocks - room - (await readUsage(t.db, ada.user.id)).blocks);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t, ada, 'POST', '/api/blocks', blockBody(`Body ${i}`, `Block ${i}`)),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect((await readUsage(t.db, ada.user.id)).blocks).toBe(QUOTAS.blocks);
  });
});

describe('composition quota', () => {
  it('refuses the composition past the limit with 409 and keeps the list', async () => {
    const block = await insertBlock(t, ada);
    await t.db.insert(compositions).values(
      Array.from({ length: QUOTAS.compositions }, (_, i) => ({
        userId: ada.user.id,
        name: `Composition ${i}`,
      })),
    );
    const res = await call(t, ada, 'POST', '/api/compositions', {
      name: 'One more',
      blockIds: [block.id],
    });
    expectRefused(res, 409, 'QUOTA_COMPOSITIONS');
    const list = await listAll<{ name: string }>(t, ada.headers, '/api/compositions');
    expect(list).toHaveLength(QUOTAS.compositions);
    expect(list.some((c) => c.name === 'One more')).toBe(false);
  });
});

describe('shared item quota', () => {
  it('refuses the share past the limit with 409 and creates no item', async () => {
    await t.db.insert(sharedItems).values(
      Array.from({ length: QUOTAS.sharedItems }, (_, i) => ({
        authorId: ada.user.id,
        name: `Item ${i}`,
        visibility: 'PUBLIC' as const,
      })),
    );
    const block = await insertBlock(t, ada, { name: 'To share' });
    const res = await call(t, ada, 'POST', `/api/blocks/${block.id}/share`, { isPublic: true });
    expectRefused(res, 409, 'QUOTA_SHARED_ITEMS');
    const mine = await t.db.select().from(sharedItems).where(eq(sharedItems.authorId, ada.user.id));
    expect(mine).toHaveLength(QUOTAS.sharedItems);
    expect(mine.some((item) => item.sourceBlockId === block.id)).toBe(false);
  });
});

describe('stored text quota', () => {
  it('takes a block that fills the quota exactly and refuses one character more with 413', async () => {
    await leaveRoom(ada, 100);
    const over = await call(
      t,
      ada,
      'POST',
      '/api/blocks',
      blockBody('z'.repeat(100 - 8 - 6 + 1), 'Reviewer'),
    );
    // name 8 + category 6 + content 87 = 101 characters: one more than the room
    expectRefused(over, 413, 'QUOTA_STORED_TEXT');
    expect(over.json<{ error: string }>().error).toContain('25,000,000 characters');
    expect((await readUsage(t.db, ada.user.id)).storedChars).toBe(QUOTAS.storedChars - 100);

    const exact = await call(t, ada, 'POST', '/api/blocks', blockBody('z'.repeat(86), 'Reviewer'));
    expect(exact.statusCode).toBe(201);
    expect((await readUsage(t.db, ada.user.id)).storedChars).toBe(QUOTAS.storedChars);
  });

  it('refuses an edit that grows past it, keeps the block, and takes an edit that shrinks', async () => {
    const block = await insertBlock(t, ada, { name: 'Reviewer', content: 'short' });
    await leaveRoom(ada, 10);
    const grown = await call(t, ada, 'PUT', `/api/blocks/${block.id}`, blockBody('s'.repeat(16)));
    expectRefused(grown, 413, 'QUOTA_STORED_TEXT');
    const kept = (await call(t, ada, 'GET', `/api/blocks/${block.id}`)).json<{ content: string }>();
    expect(kept.content).toBe('short');

    const shrunk = await call(t, ada, 'PUT', `/api/blocks/${block.id}`, blockBody('s'));
    expect(shrunk.statusCode).toBe(200);
  });

  it('counts characters, not UTF-16 units or bytes', async () => {
    await leaveRoom(ada, 8 + 6 + 4);
    // Four astral characters: 8 UTF-16 units, 16 UTF-8 bytes, 4 characters.
    const res = await call(t, ada, 'POST', '/api/blocks', blockBody('😀😀😀😀'));
    expect(res.statusCode).toBe(201);
    expect((await readUsage(t.db, ada.user.id)).storedChars).toBe(QUOTAS.storedChars);
  });

  it('counts published versions: a new version past the quota is refused and not recorded', async () => {
    const block = await insertBlock(t, ada, { name: 'Shared', content: 'v1' });
    const item = await share(t, ada, block.id, { isPublic: true });
    await leaveRoom(ada, 5);
    const res = await call(t, ada, 'PUT', `/api/shared-items/${item.id}`, {
      versionNotes: 'Second',
    });
    expectRefused(res, 413, 'QUOTA_STORED_TEXT');
    const versions = await t.db
      .select()
      .from(sharedItemVersions)
      .where(eq(sharedItemVersions.sharedItemId, item.id));
    expect(versions.map((v) => v.version)).toEqual([1]);
    const [row] = await t.db.select().from(sharedItems).where(eq(sharedItems.id, item.id));
    expect(row?.currentVersion).toBe(1);
  });

  it("refuses a subscription update that would pass the subscriber's quota", async () => {
    const source = await insertBlock(t, bob, { name: 'Shared', content: 'v1' });
    const item = await share(t, bob, source.id, { isPublic: true });
    const imported = await call(t, ada, 'POST', `/api/shared-items/${item.id}/import`, {
      importMode: 'SUBSCRIBE',
    });
    expect(imported.statusCode).toBe(201);
    const { blockId, subscriptionId } = imported.json<{
      blockId: string;
      subscriptionId: string;
    }>();
    await t.db.update(blocks).set({ content: 'v2 is much longer' }).where(eq(blocks.id, source.id));
    expect(
      (await call(t, bob, 'PUT', `/api/shared-items/${item.id}`, { versionNotes: 'v2' }))
        .statusCode,
    ).toBe(200);
    await leaveRoom(ada, 3);

    const res = await call(
      t,
      ada,
      'POST',
      `/api/shared-items/${item.id}/update-subscription/${subscriptionId}`,
      { baseVersion: 1, version: 2, content: 'v2 is much longer' },
    );
    expectRefused(res, 413, 'QUOTA_STORED_TEXT');
    const local = (await call(t, ada, 'GET', `/api/blocks/${blockId}`)).json<{
      content: string;
      subscription: { subscribedVersion: number };
    }>();
    expect(local.content).toBe('v1');
    expect(local.subscription.subscribedVersion).toBe(1);
  });
});

it('documents 409 and 413 on the writes a quota bounds', async () => {
  const responses = await documentedResponses(t);
  for (const [path, method] of [
    ['/api/blocks', 'post'],
    ['/api/blocks/{id}', 'put'],
    ['/api/compositions', 'post'],
    ['/api/blocks/{id}/share', 'post'],
    ['/api/shared-items/{id}/import', 'post'],
  ] as const) {
    expect(responses(path, method)).toEqual(expect.arrayContaining(['409', '413']));
  }
});
