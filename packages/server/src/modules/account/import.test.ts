import { ERROR_MESSAGES, type AccountImportResult } from '@promptloom/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, documentedResponses, listAll, type TestApp } from '../../../test/helpers';
import { blocks, compositions, sharedItems, subscriptions } from '../../db/schema';
import {
  call,
  importAs,
  insertBlock,
  publishVersion,
  share,
  type TestUser,
} from '../shared-items/test-support';
import {
  bobsSharedBlock,
  createBlock,
  exportOf,
  fillAda,
  importInto,
  type ListedBlock,
  type ListedComposition,
} from './test-support';

/** The account's data is the user's (decision 060): an export imports into another account, or is refused whole. */

// One app for the file: each test signs in its own users, and an account's data is its own.
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

describe('POST /api/account/import', () => {
  it('round-trips into another account: same content, new ids, composition order kept', async () => {
    await fillAda(t, ada);
    const bobsOwn = await createBlock(t, bob, { name: 'Bob’s own', content: 'Stays.' });
    await call(t, bob, 'PUT', '/api/settings', { globalIgnorePatterns: ['*.tmp'] });
    const file = await exportOf(t, ada);
    const bobBefore = await listAll<ListedBlock>(t, bob.headers, '/api/blocks');

    const res = await importInto(t, bob, file);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<AccountImportResult>();
    const systemCount = file.blocks.filter((block) => block.isSystemBlock).length;
    expect(result).toEqual({
      blocks: {
        imported: 2,
        alreadyPresent: 0,
        matchedSystem: systemCount,
        subscriptionsDetached: 0,
      },
      compositions: { imported: 1, alreadyPresent: 0 },
      ignorePatterns: { added: 2 },
      defaultComposition: 'SET',
      skipped: { sharedItems: 0, likes: 0, accessTokens: 0, privateLinksOpened: 0 },
    });

    const bobAfter = await listAll<ListedBlock>(t, bob.headers, '/api/blocks');
    // System blocks are not duplicated: one per type, as before.
    expect(bobAfter.filter((block) => block.isSystemBlock)).toHaveLength(
      bobBefore.filter((block) => block.isSystemBlock).length,
    );
    expect(bobAfter).toHaveLength(bobBefore.length + 2);
    expect(bobAfter.map((block) => block.id)).toContain(bobsOwn.id);
    const fileIds = new Set(file.blocks.map((block) => block.id));
    const added = bobAfter.filter((block) => !bobBefore.some((b) => b.id === block.id));
    for (const block of added) expect(fileIds.has(block.id)).toBe(false);
    const shape = ({ name, content, description, category, color, type }: ListedBlock) => ({
      name,
      content,
      description,
      category,
      color,
      type,
    });
    // Same clock instant: the list orders them by their (new) ids, so compare by name.
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(added.map(shape).sort(byName)).toEqual(
      file.blocks
        .filter((block) => !block.isSystemBlock)
        .map((block) => shape(block as ListedBlock))
        .sort(byName),
    );

    const [composition] = await listAll<ListedComposition>(t, bob.headers, '/api/compositions');
    expect(composition!.name).toBe('Review flow');
    expect(composition!.id).not.toBe(file.compositions[0]!.id);
    expect(composition!.blocks.map((item) => item.name)).toEqual([
      'Tester',
      bobAfter.find((block) => block.type === 'PROJECT_STRUCTURE')!.name,
      'Reviewer',
      'Tester',
    ]);
    const bobIds = new Set(bobAfter.map((block) => block.id));
    for (const item of composition!.blocks) expect(bobIds.has(item.blockId)).toBe(true);
    expect(composition!.blocks.find((item) => item.order === 1)!.blockId).toBe(
      bobAfter.find((block) => block.type === 'PROJECT_STRUCTURE')!.id,
    );

    const settings = (await call(t, bob, 'GET', '/api/settings')).json<{
      globalIgnorePatterns: string[];
      defaultCompositionId: string | null;
    }>();
    expect(settings.globalIgnorePatterns).toEqual(['*.tmp', '*.log', '# Node', 'dist/']);
    expect(settings.defaultCompositionId).toBe(composition!.id);
    // Ada's account is untouched.
    expect(await exportOf(t, ada)).toMatchObject({
      blocks: file.blocks,
      compositions: file.compositions,
    });
  });

  it('imports copies of items the importer cannot see as plain blocks and skips shares, likes and tokens, saying so', async () => {
    const own = await insertBlock(t, ada, { name: 'Shared by Ada', content: 'Ada’s.' });
    await share(t, ada, own.id, {});
    // A private link Ada opened and Cyd never did: Cyd's copy cannot follow it.
    const { item: bobItem } = await bobsSharedBlock(t, bob, { isPublic: false });
    await call(t, ada, 'GET', `/api/shared-items/share/${bobItem.shareToken}`);
    await call(t, ada, 'POST', `/api/shared-items/${bobItem.id}/like`);
    await importAs(t, ada, bobItem.id, 'SUBSCRIBE');
    await call(t, ada, 'POST', '/api/access-tokens', { name: 'CLI' });
    const file = await exportOf(t, ada);
    const cyd = await t.createUser('Cyd');

    const res = await importInto(t, cyd, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AccountImportResult>()).toMatchObject({
      blocks: { imported: 2, subscriptionsDetached: 1 },
      defaultComposition: 'NONE',
      skipped: { sharedItems: 1, likes: 1, accessTokens: 1, privateLinksOpened: 1 },
    });
    const cydBlocks = await listAll<ListedBlock>(t, cyd.headers, '/api/blocks');
    const copy = cydBlocks.find((block) => block.name === 'Bob’s block');
    expect(copy).toMatchObject({ content: 'From Bob.', subscription: null });
    expect(
      await t.db.select().from(subscriptions).where(eq(subscriptions.userId, cyd.user.id)),
    ).toEqual([]);
    expect(
      await t.db.select().from(sharedItems).where(eq(sharedItems.authorId, cyd.user.id)),
    ).toEqual([]);
  });

  it('keeps the merge base of a copy that follows an item the importer may see', async () => {
    const bobs = await insertBlock(t, bob, { name: 'Bob’s block', content: 'v1\n' });
    const bobItem = await share(t, bob, bobs.id, {});
    const { subscriptionId } = await importAs(t, ada, bobItem.id, 'SUBSCRIBE');
    await publishVersion(t, bob, { itemId: bobItem.id, blockId: bobs.id }, 'v2\n');
    const accepted = await call(
      t,
      ada,
      'POST',
      `/api/shared-items/${bobItem.id}/update-subscription/${subscriptionId}`,
      { baseVersion: 1, version: 2, content: 'v2\nAda’s line\n' },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    const file = await exportOf(t, ada);
    expect(file.blocks.find((block) => block.subscription)).toMatchObject({
      content: 'v2\nAda’s line\n',
      subscription: { sharedItemId: bobItem.id, subscribedVersion: 2, baseContent: 'v2\n' },
    });
    const cyd = await t.createUser('Cyd');
    const res = await importInto(t, cyd, file);
    expect(res.json<AccountImportResult>()).toMatchObject({ blocks: { subscriptionsDetached: 0 } });
    const [copy] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, cyd.user.id));
    expect(copy).toMatchObject({
      sharedItemId: bobItem.id,
      subscribedVersion: 2,
      baseContent: 'v2\n',
      detachedAt: null,
    });
    // Cyd's copy merges the next version with its own line, from the same base.
    await publishVersion(t, bob, { itemId: bobItem.id, blockId: bobs.id }, 'v3\n');
    const preview = await call(
      t,
      cyd,
      'GET',
      `/api/shared-items/${bobItem.id}/update-subscription/${copy!.id}`,
    );
    expect(preview.json()).toMatchObject({ baseVersion: 2, baseContent: 'v2\n', version: 3 });
    expect((await exportOf(t, cyd)).blocks.find((block) => block.subscription)).toMatchObject({
      content: 'v2\nAda’s line\n',
      subscription: { subscribedVersion: 2, baseContent: 'v2\n' },
    });
  });

  it('answers 400 with a clear message for a file that is not a valid export, writing nothing', async () => {
    const file = await exportOf(t, ada);
    const before = await exportOf(t, bob);
    const cases: [unknown, string, string | undefined][] = [
      [{ hello: 'world' }, 'ACCOUNT_IMPORT_NOT_EXPORT', 'format'],
      [{ ...file, version: 99 }, 'ACCOUNT_IMPORT_VERSION', 'version'],
      [
        {
          ...file,
          compositions: [
            {
              id: 'c',
              name: 'Broken',
              blockIds: ['missing'],
              createdAt: file.exportedAt,
              updatedAt: file.exportedAt,
            },
          ],
        },
        'ACCOUNT_IMPORT_REFERENCE',
        'compositions.0.blockIds.0',
      ],
      [
        { ...file, blocks: [{ ...file.blocks[0]!, content: 'x'.repeat(100_001) }] },
        'BLOCK_CONTENT_TOO_LONG',
        'blocks.0.content',
      ],
    ];
    for (const [body, code, field] of cases) {
      const res = await importInto(t, bob, body);
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json<{ code: string; field?: string; error: string }>();
      expect(answer.code).toBe(code);
      expect(answer.field).toBe(field);
      expect(answer.error).toBe(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES].en);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/account/import',
      headers: { ...bob.headers, 'content-type': 'application/json' },
      payload: '{"format": "promptloom-account-export", ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'BODY_INVALID_JSON' });
    expect(await exportOf(t, bob)).toEqual({ ...before, exportedAt: expect.any(String) });
  });

  it('refuses an import past a quota with 400 and writes nothing', async () => {
    await fillAda(t, ada);
    const file = await exportOf(t, ada);
    // Bob has room for one block less than the file brings.
    const held = (await listAll(t, bob.headers, '/api/blocks')).length;
    const room = 1;
    const rows = Array.from({ length: 2_000 - held - room }, (_, i) => ({
      userId: bob.user.id,
      name: `Filler ${i}`,
      content: 'x',
      type: 'STATIC' as const,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await t.db.insert(blocks).values(rows.slice(start, start + 500));
    }
    const before = await exportOf(t, bob);

    const res = await importInto(t, bob, file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'ACCOUNT_IMPORT_QUOTA',
      error: ERROR_MESSAGES.ACCOUNT_IMPORT_QUOTA.en,
    });
    expect(await exportOf(t, bob)).toEqual({ ...before, exportedAt: expect.any(String) });
    expect(
      await t.db.select().from(compositions).where(eq(compositions.userId, bob.user.id)),
    ).toEqual([]);
  });

  it('lists the routes in the OpenAPI document with their answers', async () => {
    const responses = await documentedResponses(t);
    expect(responses('/api/account/export', 'get')).toEqual(expect.arrayContaining(['200', '429']));
    expect(responses('/api/account/import', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '413', '429']),
    );
    expect(responses('/api/account', 'delete')).toEqual(expect.arrayContaining(['204', '429']));
  });
});
