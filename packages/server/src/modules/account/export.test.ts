import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAll, type TestApp } from '../../../test/helpers';
import { accessTokens } from '../../db/schema';
import { appWithUsers, call, importAs, share, type TestUser } from '../shared-items/test-support';
import { bobsSharedBlock, exportOf, fillAda } from './test-support';

/** The account's data is the user's (decision 060): its export holds all of it and no secret. */

let t: TestApp;
let ada: TestUser, bob: TestUser;

beforeEach(async () => {
  [t, ada, bob] = await appWithUsers('Ada', 'Bob');
});
afterEach(() => t.close());

describe('GET /api/account/export', () => {
  it('holds the library, settings, shares, likes and subscriptions, and no secret', async () => {
    const { reviewer, tester, system, compositionId } = await fillAda(t, ada);
    const item = await share(t, ada, reviewer.id, { isPublic: false, tags: ['review'] });
    // Bob shares a block; Ada likes it and subscribes to it.
    const { item: bobItem } = await bobsSharedBlock(t, bob);
    expect((await call(t, ada, 'POST', `/api/shared-items/${bobItem.id}/like`)).statusCode).toBe(
      200,
    );
    await importAs(t, ada, bobItem.id, 'SUBSCRIBE');
    await call(t, ada, 'POST', '/api/access-tokens', { name: 'CLI', expiresInDays: 30 });

    const file = await exportOf(t, ada);
    expect(file).toMatchObject({ format: 'promptloom-account-export', version: 1 });
    expect(file.account).toMatchObject({ name: 'Ada', email: ada.user.email });
    const byId = new Map(file.blocks.map((block) => [block.id, block]));
    expect(byId.get(reviewer.id)).toMatchObject({
      name: 'Reviewer',
      content: 'Review the code, é😀.',
      description: 'Careful',
      category: 'Revues',
      color: '#22C55E',
      isSystemBlock: false,
      subscription: null,
    });
    expect(byId.get(system.id)).toMatchObject({ isSystemBlock: true, type: 'PROJECT_STRUCTURE' });
    const copy = file.blocks.find((block) => block.subscription);
    expect(copy).toMatchObject({
      name: 'Bob’s block',
      subscription: { sharedItemId: bobItem.id, subscribedVersion: 1, detached: null },
    });
    // Every block of the account, not one page of them.
    expect(file.blocks).toHaveLength((await listAll(t, ada.headers, '/api/blocks')).length);
    expect(file.compositions).toEqual([
      expect.objectContaining({
        id: compositionId,
        name: 'Review flow',
        blockIds: [tester.id, system.id, reviewer.id, tester.id],
      }),
    ]);
    expect(file.settings).toEqual({
      globalIgnorePatterns: ['*.log', '# Node', 'dist/'],
      defaultCompositionId: compositionId,
    });
    expect(file.sharedItems).toEqual([
      expect.objectContaining({
        id: item.id,
        sourceBlockId: reviewer.id,
        visibility: 'UNLISTED',
        tags: ['review'],
        versions: [expect.objectContaining({ version: 1, content: 'Review the code, é😀.' })],
      }),
    ]);
    expect(file.likes).toEqual([{ sharedItemId: bobItem.id, likedAt: expect.any(String) }]);
    expect(file.accessTokens).toEqual([expect.objectContaining({ name: 'CLI' })]);

    const raw = JSON.stringify(file);
    const [token] = await t.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.userId, ada.user.id));
    expect(raw).not.toContain(token!.tokenHash);
    expect(raw).not.toContain(item.shareToken!);
    expect(raw).not.toMatch(/tokenHash|shareToken|refresh/i);
  });

  it('is refused to a personal access token (read-only tokens read the library only)', async () => {
    const created = await call(t, ada, 'POST', '/api/access-tokens', { name: 'CLI' });
    const { token } = created.json<{ token: string }>();
    const res = await t.app.inject({
      url: '/api/account/export',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
  });
});
