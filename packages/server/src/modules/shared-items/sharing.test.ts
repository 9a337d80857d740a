import { ERROR_MESSAGES } from '@promptloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import {
  appWithUsers,
  call,
  importAs,
  insertBlock,
  resignTokens,
  share,
  type TestUser,
} from './test-support';

const DAY = 24 * 60 * 60 * 1000;

describe('sharing: visibility, private links and author-only actions', () => {
  let t: TestApp;
  let ada: TestUser, bob: TestUser, cyd: TestUser;

  beforeAll(async () => {
    [t, ada, bob, cyd] = await appWithUsers('Ada', 'Bob', 'Cyd');
  });
  afterAll(() => t.close());

  it('shares a block publicly: no token, version 1 snapshots name and content, visible to all', async () => {
    const block = await insertBlock(t, ada, { name: 'Public reviewer', content: 'v1 text' });
    const result = await share(t, ada, block.id, {
      isPublic: true,
      description: 'Reviews code',
      tags: ['Review', 'review', ' quality '],
    });
    expect(result).toMatchObject({ visibility: 'PUBLIC', shareToken: null, expiresAt: null });

    for (const user of [bob, cyd]) {
      const res = await call(t, user, 'GET', `/api/shared-items/${result.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Public reviewer',
        description: 'Reviews code',
        tags: ['review', 'quality'],
        author: { id: ada.user.id, name: 'Ada', isSystem: false },
        originalBlock: { content: 'v1 text' },
        sharedVersion: { version: 1, versionNotes: null },
        shareToken: null,
        sourceBlockId: null,
        isLikedByCurrentUser: false,
      });
    }
    const mine = await call(t, ada, 'GET', `/api/shared-items/${result.id}`);
    expect(mine.json()).toMatchObject({ sourceBlockId: block.id });
    const myItems = await call(t, ada, 'GET', '/api/shared-items/my-items');
    expect(myItems.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toContain(
      result.id,
    );
    expect((await call(t, bob, 'GET', '/api/shared-items/my-items')).json()).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('hides a private-link item until the link is resolved, then honours expiry', async () => {
    const block = await insertBlock(t, ada, { name: 'Secret sauce' });
    const result = await share(t, ada, block.id, { isPublic: false, expiresInDays: 7 });
    expect(result.visibility).toBe('UNLISTED');
    // At least 128 bits: 22+ base64url characters.
    expect(result.shareToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(new Date(result.expiresAt!).getTime()).toBe(t.clock.now().getTime() + 7 * DAY);

    const library = await call(t, bob, 'GET', '/api/shared-items?search=secret');
    expect(library.json<{ meta: { total: number } }>().meta.total).toBe(0);
    expect((await call(t, bob, 'GET', `/api/shared-items/${result.id}`)).statusCode).toBe(404);

    const resolved = await call(t, bob, 'GET', `/api/shared-items/share/${result.shareToken}`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: result.id, shareToken: null });
    expect((await call(t, bob, 'GET', `/api/shared-items/${result.id}`)).statusCode).toBe(200);
    expect((await call(t, cyd, 'GET', `/api/shared-items/${result.id}`)).statusCode).toBe(404);

    t.clock.advance(7 * DAY + 1000);
    await resignTokens(t, ada, bob, cyd);
    const expired = await call(t, cyd, 'GET', `/api/shared-items/share/${result.shareToken}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ code: 'SHARE_LINK_INVALID' });
    expect((await call(t, bob, 'GET', `/api/shared-items/${result.id}`)).statusCode).toBe(404);
    expect((await call(t, ada, 'GET', `/api/shared-items/${result.id}`)).statusCode).toBe(200);
    expect((await call(t, bob, 'GET', '/api/shared-items/share/unknown-token')).statusCode).toBe(
      404,
    );
  });

  it('regenerates and revokes the link: old links stop resolving, access through them ends', async () => {
    const block = await insertBlock(t, ada, { name: 'Linked block' });
    const first = await share(t, ada, block.id, { isPublic: false });
    expect(first.expiresAt).toBeNull();
    await call(t, bob, 'GET', `/api/shared-items/share/${first.shareToken}`);

    const regen = await call(t, ada, 'PATCH', `/api/shared-items/${first.id}/options`, {
      action: 'REGENERATE_TOKEN',
    });
    expect(regen.statusCode).toBe(200);
    const second = regen.json<{ shareToken: string }>().shareToken;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first.shareToken);
    expect(
      (await call(t, cyd, 'GET', `/api/shared-items/share/${first.shareToken}`)).statusCode,
    ).toBe(404);
    expect((await call(t, cyd, 'GET', `/api/shared-items/share/${second}`)).statusCode).toBe(200);
    expect((await call(t, bob, 'GET', `/api/shared-items/${first.id}`)).statusCode).toBe(404);
    expect((await call(t, cyd, 'GET', `/api/shared-items/${first.id}`)).statusCode).toBe(200);

    const revoke = await call(t, ada, 'PATCH', `/api/shared-items/${first.id}/options`, {
      action: 'REVOKE_TOKEN',
    });
    expect(revoke.json()).toMatchObject({ shareToken: null, visibility: 'UNLISTED' });
    expect((await call(t, cyd, 'GET', `/api/shared-items/share/${second}`)).statusCode).toBe(404);
    expect((await call(t, cyd, 'GET', `/api/shared-items/${first.id}`)).statusCode).toBe(404);
  });

  it('toggles visibility and edits description, tags and expiry', async () => {
    const block = await insertBlock(t, ada, { name: 'Toggle me' });
    const item = await share(t, ada, block.id, { isPublic: false, expiresInDays: 30 });
    const url = `/api/shared-items/${item.id}/options`;

    const toPublic = await call(t, ada, 'PATCH', url, { action: 'TOGGLE_VISIBILITY' });
    expect(toPublic.json()).toMatchObject({
      visibility: 'PUBLIC',
      shareToken: null,
      expiresAt: null,
    });
    expect((await call(t, cyd, 'GET', `/api/shared-items/${item.id}`)).statusCode).toBe(200);
    const tokenOnPublic = await call(t, ada, 'PATCH', url, { action: 'REVOKE_TOKEN' });
    expect(tokenOnPublic.statusCode).toBe(400);
    expect(tokenOnPublic.json()).toMatchObject({ code: 'SHARE_NOT_PRIVATE_LINK' });

    const toPrivate = await call(t, ada, 'PATCH', url, {
      visibility: 'UNLISTED',
      expiresInDays: 90,
      description: 'Now private',
      tags: ['a', 'b'],
    });
    expect(toPrivate.json()).toMatchObject({
      visibility: 'UNLISTED',
      description: 'Now private',
      tags: ['a', 'b'],
      shareToken: expect.stringMatching(/^[A-Za-z0-9_-]{22,}$/),
      expiresAt: new Date(t.clock.now().getTime() + 90 * DAY).toISOString(),
    });
    const never = await call(t, ada, 'PATCH', url, { expiresInDays: 0, description: '' });
    expect(never.json()).toMatchObject({ expiresAt: null, description: null });
  });

  it('refuses system blocks, subscribed blocks, blocks already shared and others’ blocks', async () => {
    const system = await insertBlock(t, ada, { systemBehavior: 'INDELETABLE' });
    const sys = await call(t, ada, 'POST', `/api/blocks/${system.id}/share`, { isPublic: true });
    expect(sys.statusCode).toBe(400);
    expect(sys.json()).toEqual({
      error: ERROR_MESSAGES.SHARE_SYSTEM_BLOCK.en,
      code: 'SHARE_SYSTEM_BLOCK',
    });

    const block = await insertBlock(t, ada, { name: 'Once only' });
    const item = await share(t, ada, block.id, {});
    const again = await call(t, ada, 'POST', `/api/blocks/${block.id}/share`, { isPublic: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SHARE_ALREADY_SHARED' });

    const { blockId } = await importAs(t, bob, item.id, 'SUBSCRIBE');
    const reshare = await call(t, bob, 'POST', `/api/blocks/${blockId}/share`, { isPublic: true });
    expect(reshare.statusCode).toBe(400);
    expect(reshare.json()).toMatchObject({ code: 'SHARE_SUBSCRIBED_BLOCK' });

    const foreign = await call(t, cyd, 'POST', `/api/blocks/${block.id}/share`, { isPublic: true });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 404 to every author-only action by anyone else, even on a visible item', async () => {
    const block = await insertBlock(t, ada, { name: 'Guarded' });
    const item = await share(t, ada, block.id, { isPublic: true });
    const { subscriptionId } = await importAs(t, bob, item.id, 'SUBSCRIBE');

    const attempts: [string, string, unknown][] = [
      ['PUT', `/api/shared-items/${item.id}`, { versionNotes: 'hijack' }],
      ['PATCH', `/api/shared-items/${item.id}/options`, { description: 'hijack' }],
      ['PATCH', `/api/shared-items/${item.id}/options`, { action: 'TOGGLE_VISIBILITY' }],
      ['PATCH', `/api/shared-items/${item.id}/options`, { action: 'REGENERATE_TOKEN' }],
      ['PATCH', `/api/shared-items/${item.id}/options`, { action: 'REVOKE_TOKEN' }],
      ['PATCH', `/api/shared-items/${item.id}/options`, { visibility: 'UNLISTED' }],
    ];
    for (const user of [bob, cyd]) {
      for (const [method, url, body] of attempts) {
        const res = await call(t, user, method as 'PUT' | 'PATCH', url, body);
        expect(res.statusCode, `${user.user.name} ${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'SHARED_ITEM_NOT_FOUND' });
      }
    }
    // Someone else's subscription cannot be advanced either.
    const foreignAccept = await call(
      t,
      cyd,
      'POST',
      `/api/shared-items/${item.id}/update-subscription/${subscriptionId}`,
      { baseVersion: 1, version: 1, content: 'taken over' },
    );
    expect(foreignAccept.statusCode).toBe(404);
    // Nothing changed.
    const after = await call(t, ada, 'GET', `/api/shared-items/${item.id}`);
    expect(after.json()).toMatchObject({
      visibility: 'PUBLIC',
      description: null,
      currentVersion: 1,
    });
  });

  describe('validation messages', () => {
    const cases: [string, unknown, string][] = [
      ['description too long', { description: 'x'.repeat(2001) }, 'SHARE_DESCRIPTION_TOO_LONG'],
      ['blank tag', { tags: ['ok', '   '] }, 'SHARE_TAG_EMPTY'],
      ['tag too long', { tags: ['t'.repeat(51)] }, 'SHARE_TAG_TOO_LONG'],
      [
        'too many tags',
        { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
        'SHARE_TAGS_TOO_MANY',
      ],
      ['bad expiry', { isPublic: false, expiresInDays: 5 }, 'SHARE_EXPIRATION_INVALID'],
    ];

    it.each(cases)('share: %s', async (_name, body, code) => {
      const block = await insertBlock(t, ada);
      const res = await call(t, ada, 'POST', `/api/blocks/${block.id}/share`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code,
        error: ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES].en,
      });
    });

    it.each(cases)('manage options: %s', async (_name, body, code) => {
      const block = await insertBlock(t, ada);
      const item = await share(t, ada, block.id, { isPublic: false });
      const { isPublic: _ignored, ...options } = body as Record<string, unknown>;
      const res = await call(t, ada, 'PATCH', `/api/shared-items/${item.id}/options`, options);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code });
    });

    it('accepts exactly 2000 characters, 10 tags of 50 characters', async () => {
      const block = await insertBlock(t, ada);
      const res = await call(t, ada, 'POST', `/api/blocks/${block.id}/share`, {
        isPublic: true,
        description: 'd'.repeat(2000),
        tags: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(50, 'x')),
      });
      expect(res.statusCode).toBe(201);
    });

    it('publish: notes are required and at most 2000 characters', async () => {
      const block = await insertBlock(t, ada);
      const item = await share(t, ada, block.id, { isPublic: true });
      const url = `/api/shared-items/${item.id}`;
      for (const body of [{}, { versionNotes: '' }, { versionNotes: '   ' }]) {
        const res = await call(t, ada, 'PUT', url, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VERSION_NOTES_REQUIRED',
          error: 'Version notes are required.',
        });
      }
      const long = await call(t, ada, 'PUT', url, { versionNotes: 'n'.repeat(2001) });
      expect(long.json()).toMatchObject({
        code: 'VERSION_NOTES_TOO_LONG',
        error: 'Version notes cannot exceed 2000 characters.',
      });
      const ok = await call(t, ada, 'PUT', url, { versionNotes: 'n'.repeat(2000) });
      expect(ok.statusCode).toBe(200);
    });

    it('import: the mode must be CLONE or SUBSCRIBE', async () => {
      const block = await insertBlock(t, ada);
      const item = await share(t, ada, block.id, { isPublic: true });
      const res = await call(t, bob, 'POST', `/api/shared-items/${item.id}/import`, {
        importMode: 'STEAL',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'IMPORT_MODE_INVALID' });
    });
  });
});
