import type { ApiErrorBody, Block, Composition, SettingsResponse } from '@promptloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, documentedResponses, type TestApp } from '../../../test/helpers';

type Headers = Record<string, string>;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const settings = async (headers: Headers) =>
  (await t.app.inject({ url: '/api/settings', headers })).json<SettingsResponse>();
const setDefault = (headers: Headers, compositionId: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings/default-composition',
    headers,
    payload: { compositionId },
  });

/** A composition of the user's own system blocks: the request, then the selected files. */
async function newComposition(headers: Headers, name: string): Promise<Composition> {
  const blocks = (await t.app.inject({ url: '/api/blocks', headers })).json<{ items: Block[] }>()
    .items;
  const ofType = (type: Block['type']) => blocks.find((b) => b.type === type && b.isSystemBlock)!;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/compositions',
    headers,
    payload: { name, blockIds: [ofType('DYNAMIC_TASK').id, ofType('SELECTED_FILES_CONTENT').id] },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Composition>();
}

describe('PUT /api/settings/default-composition', () => {
  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/default-composition',
      payload: { compositionId: null },
    });
    expect(response.statusCode).toBe(401);
  });

  it('stores one of the user’s compositions, keeps the ignore list, and null goes back', async () => {
    const { headers } = await t.createUser('Default');
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers,
      payload: { globalIgnorePatterns: ['tmp/'] },
    });
    const mine = await newComposition(headers, 'Review');
    const saved = await setDefault(headers, mine.id);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    expect(saved.json<SettingsResponse>()).toMatchObject({
      defaultCompositionId: mine.id,
      globalIgnorePatterns: ['tmp/'],
    });
    expect((await settings(headers)).defaultCompositionId).toBe(mine.id);

    // Saving the ignore list leaves the default alone.
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers,
      payload: { globalIgnorePatterns: [] },
    });
    expect((await settings(headers)).defaultCompositionId).toBe(mine.id);

    expect((await setDefault(headers, null)).json<SettingsResponse>().defaultCompositionId).toBe(
      null,
    );
    expect(await settings(headers)).toMatchObject({ defaultCompositionId: null });
  });

  it('answers 404 for another user’s composition or an unknown one, and changes nothing', async () => {
    const alice = await t.createUser('Alice');
    const bob = await t.createUser('Bob');
    const alices = await newComposition(alice.headers, 'Alice’s');
    const bobs = await newComposition(bob.headers, 'Bob’s');
    await setDefault(bob.headers, bobs.id);
    for (const id of [alices.id, 'zzzzzzzzzzzzzzzzzzzzzzzz']) {
      const response = await setDefault(bob.headers, id);
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiErrorBody>().code).toBe('COMPOSITION_NOT_FOUND');
    }
    expect((await settings(bob.headers)).defaultCompositionId).toBe(bobs.id);
  });

  it('refuses a malformed id with 400', async () => {
    const { headers } = await t.createUser('Malformed');
    for (const id of ['../x', 'A'.repeat(65), 42]) {
      const response = await setDefault(headers, id);
      expect(response.statusCode).toBe(400);
    }
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/settings/default-composition',
          headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
  });

  it('goes back to the built-in default when the composition is deleted', async () => {
    const { headers } = await t.createUser('Deleter');
    const mine = await newComposition(headers, 'Short-lived');
    await setDefault(headers, mine.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/compositions/${mine.id}`,
      headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await settings(headers)).defaultCompositionId).toBe(null);
  });

  it('is in the OpenAPI document with its answers', async () => {
    const responses = await documentedResponses(t);
    expect(responses('/api/settings/default-composition', 'put')).toEqual(
      expect.arrayContaining(['200', '400', '404', '429']),
    );
  });
});
