import { ERROR_MESSAGES, type Block } from '@promptloom/core';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks } from '../src/db/schema';
import { call, insertBlock, share } from '../src/modules/shared-items/test-support';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Names that read as they are (decision 054): a name holding a bidirectional control or
 * another invisible character is refused on every route that takes one, and a block named
 * so before the rule is not published to the library.
 */

let t: TestApp;
let user: Awaited<ReturnType<TestApp['createUser']>>;
beforeAll(async () => {
  t = await buildTestApp();
  user = await t.createUser();
});
afterAll(() => t.close());

/** "Invoice‮fdp.exe" shows as "Invoiceexe.pdf". */
const SPOOF = 'Invoice\u202Efdp.exe';
const valid = { name: 'Reviewer', content: 'Review the code.', type: 'STATIC' };

function expectRefused(res: LightMyRequestResponse, field: string, lang: 'en' | 'fr' = 'en') {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    code: 'NAME_HIDDEN_CHARACTER',
    error: ERROR_MESSAGES.NAME_HIDDEN_CHARACTER[lang],
    field,
  });
}

describe('hidden characters in names', () => {
  it('refuses them in a block’s name and category, on create and update, in the asked language', async () => {
    expectRefused(await call(t, user, 'POST', '/api/blocks', { ...valid, name: SPOOF }), 'name');
    const french = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: { ...user.headers, 'accept-language': 'fr' },
      payload: { ...valid, name: `Revue\u200B` },
    });
    expectRefused(french, 'name', 'fr');
    const category = { ...valid, category: 'Re\u2067views' };
    expectRefused(await call(t, user, 'POST', '/api/blocks', category), 'category');

    const created = await call(t, user, 'POST', '/api/blocks', valid);
    const { id } = created.json<Block>();
    const update = { ...valid, name: `\u202DReviewer` };
    expectRefused(await call(t, user, 'PUT', `/api/blocks/${id}`, update), 'name');
    const stored = await call(t, user, 'GET', `/api/blocks/${id}`);
    expect(stored.json<Block>().name).toBe('Reviewer');
  });

  it('refuses them in a composition’s name, on create and update', async () => {
    const block = await call(t, user, 'POST', '/api/blocks', { ...valid, name: 'For comp' });
    const blockIds = [block.json<Block>().id];
    const refused = await call(t, user, 'POST', '/api/compositions', { name: SPOOF, blockIds });
    expectRefused(refused, 'name');
    const created = await call(t, user, 'POST', '/api/compositions', { name: 'Daily', blockIds });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const renamed = { name: 'Dai\u2066ly', blockIds };
    expectRefused(await call(t, user, 'PUT', `/api/compositions/${id}`, renamed), 'name');
  });

  it('refuses them in an access token’s name', async () => {
    const res = await call(t, user, 'POST', '/api/access-tokens', { name: 'CI\u200F' });
    expectRefused(res, 'name');
  });

  it('refuses them in a tag, when sharing and when editing the share', async () => {
    const block = await insertBlock(t, user, { name: 'Tagged' });
    const url = `/api/blocks/${block.id}/share`;
    expectRefused(await call(t, user, 'POST', url, { tags: ['ok', 'se\u061Ccurity'] }), 'tags.1');
    const item = await share(t, user, block.id, { tags: ['ok'] });
    const options = { tags: ['\uFEFFok'] };
    const res = await call(t, user, 'PATCH', `/api/shared-items/${item.id}/options`, options);
    expectRefused(res, 'tags.0');
  });

  it('does not publish a block named with one before the rule, as a share or a new version', async () => {
    const legacy = await insertBlock(t, user, { name: SPOOF });
    const refused = await call(t, user, 'POST', `/api/blocks/${legacy.id}/share`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'NAME_HIDDEN_CHARACTER' });

    const block = await insertBlock(t, user, { name: 'Clean' });
    const item = await share(t, user, block.id, {});
    // The source block was renamed with one behind the API's back (an old row, say).
    await t.db.update(blocks).set({ name: 'Cle\u202Ean' }).where(eq(blocks.id, block.id));
    const publish = { versionNotes: 'v2' };
    const res = await call(t, user, 'PUT', `/api/shared-items/${item.id}`, publish);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NAME_HIDDEN_CHARACTER' });
  });

  it('accepts names written with emoji and scripts that join letters', async () => {
    for (const name of ['Team 👩\u200D💻', 'می\u200Cخواهم', '\u2764\uFE0F Favourites']) {
      const res = await call(t, user, 'POST', '/api/blocks', { ...valid, name });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Block>().name).toBe(name);
    }
  });
});
