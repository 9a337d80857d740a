import { ERROR_MESSAGES, type Block, type Composition } from '@promptloom/core';
import { createId } from '@paralleldrive/cuid2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

type Headers = Record<string, string>;

describe('compositions API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function newBlock(headers: Headers, name: string, color = '#22C55E') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers,
      payload: { name, content: `${name} content`, type: 'STATIC', color },
    });
    return res.json<Block>();
  }
  const post = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/compositions', headers, payload: payload as object });

  it('creates a composition in the given order and reads it back', async () => {
    const { headers } = await t.createUser();
    const a = await newBlock(headers, 'A');
    const b = await newBlock(headers, 'B', '#EC4899');
    const res = await post(headers, { name: '  Review  ', blockIds: [b.id, a.id, b.id] });
    expect(res.statusCode).toBe(201);
    const created = res.json<Composition>();
    expect(created).toMatchObject({
      name: 'Review',
      blocks: [
        { blockId: b.id, order: 0, name: 'B', color: '#EC4899', type: 'STATIC' },
        { blockId: a.id, order: 1, name: 'A', color: '#22C55E', type: 'STATIC' },
        { blockId: b.id, order: 2, name: 'B' },
      ],
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/compositions/${created.id}`,
      headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  it('lists compositions alphabetically with their items', async () => {
    const { headers } = await t.createUser();
    const a = await newBlock(headers, 'A');
    await post(headers, { name: 'Zeta', blockIds: [a.id] });
    await post(headers, { name: 'alpha', blockIds: [a.id, a.id] });
    const res = await t.app.inject({ method: 'GET', url: '/api/compositions', headers });
    const list = res.json<{ items: Composition[] }>().items;
    expect(list.map((c) => c.name)).toEqual(['alpha', 'Zeta']);
    expect(list[0]?.blocks).toHaveLength(2);
  });

  it('replaces name and order on update', async () => {
    const { headers } = await t.createUser();
    const a = await newBlock(headers, 'A');
    const b = await newBlock(headers, 'B');
    const c = await newBlock(headers, 'C');
    const created = (
      await post(headers, { name: 'One', blockIds: [a.id, b.id] })
    ).json<Composition>();
    t.clock.advance(1000);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/compositions/${created.id}`,
      headers,
      payload: { name: 'Two', blockIds: [c.id, a.id] },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<Composition>();
    expect(updated.name).toBe('Two');
    expect(updated.blocks.map((i) => [i.blockId, i.order])).toEqual([
      [c.id, 0],
      [a.id, 1],
    ]);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
  });

  it('deletes a composition but not its blocks', async () => {
    const { headers } = await t.createUser();
    const a = await newBlock(headers, 'A');
    const { id } = (await post(headers, { name: 'X', blockIds: [a.id] })).json<Composition>();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/compositions/${id}`, headers });
    expect(del.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'GET', url: `/api/compositions/${id}`, headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'COMPOSITION_NOT_FOUND' });
    const block = await t.app.inject({ method: 'GET', url: `/api/blocks/${a.id}`, headers });
    expect(block.statusCode).toBe(200);
  });

  describe('validation', () => {
    const id = createId();
    const cases: [string, unknown, keyof typeof ERROR_MESSAGES, string][] = [
      ['missing name', { blockIds: [id] }, 'COMPOSITION_NAME_EMPTY', 'name'],
      ['blank name', { name: '  ', blockIds: [id] }, 'COMPOSITION_NAME_EMPTY', 'name'],
      [
        'name of 256',
        { name: 'n'.repeat(256), blockIds: [id] },
        'COMPOSITION_NAME_TOO_LONG',
        'name',
      ],
      ['no blocks', { name: 'x', blockIds: [] }, 'COMPOSITION_BLOCKS_EMPTY', 'blockIds'],
      ['missing blockIds', { name: 'x' }, 'COMPOSITION_BLOCKS_EMPTY', 'blockIds'],
      [
        '101 blocks',
        { name: 'x', blockIds: Array.from({ length: 101 }, () => id) },
        'COMPOSITION_BLOCKS_TOO_MANY',
        'blockIds',
      ],
      [
        'a non-cuid id',
        { name: 'x', blockIds: ['Not a cuid!'] },
        'COMPOSITION_BLOCK_ID_INVALID',
        'blockIds.0',
      ],
    ];

    it.each(cases)('refuses %s with its message', async (_, payload, code, field) => {
      const { headers } = await t.createUser();
      const res = await post(headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ERROR_MESSAGES[code].en, code, field });
    });

    it('uses the item count texts', () => {
      expect(ERROR_MESSAGES.COMPOSITION_BLOCKS_EMPTY.en).toBe('At least one block is required');
      expect(ERROR_MESSAGES.COMPOSITION_BLOCKS_TOO_MANY.en).toBe(
        'A composition cannot contain more than 100 blocks',
      );
    });

    it('accepts exactly 100 blocks', async () => {
      const { headers } = await t.createUser();
      const a = await newBlock(headers, 'A');
      const res = await post(headers, { name: 'Max', blockIds: Array(100).fill(a.id) });
      expect(res.statusCode).toBe(201);
      expect(res.json<Composition>().blocks).toHaveLength(100);
    });

    it('refuses an unknown block id', async () => {
      const { headers } = await t.createUser();
      const res = await post(headers, { name: 'x', blockIds: [createId()] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'COMPOSITION_BLOCK_UNKNOWN' });
    });
  });

  describe('ownership', () => {
    it("refuses another user's block inside a composition", async () => {
      const alice = await t.createUser('Alice');
      const bob = await t.createUser('Bob');
      const aliceBlock = await newBlock(alice.headers, 'Secret');
      const bobBlock = await newBlock(bob.headers, 'Mine');
      const res = await post(bob.headers, { name: 'x', blockIds: [bobBlock.id, aliceBlock.id] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'COMPOSITION_BLOCK_UNKNOWN',
        error: ERROR_MESSAGES.COMPOSITION_BLOCK_UNKNOWN.en,
      });
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/compositions',
        headers: bob.headers,
      });
      expect(list.json()).toEqual({ items: [], nextCursor: null });
    });

    it("answers 404 for another user's composition on every verb", async () => {
      const alice = await t.createUser('Alice');
      const bob = await t.createUser('Bob');
      const a = await newBlock(alice.headers, 'A');
      const b = await newBlock(bob.headers, 'B');
      const comp = (await post(alice.headers, { name: 'A', blockIds: [a.id] })).json<Composition>();
      const url = `/api/compositions/${comp.id}`;
      const responses = [
        await t.app.inject({ method: 'GET', url, headers: bob.headers }),
        await t.app.inject({
          method: 'PUT',
          url,
          headers: bob.headers,
          payload: { name: 'Stolen', blockIds: [b.id] },
        }),
        await t.app.inject({ method: 'DELETE', url, headers: bob.headers }),
      ];
      for (const res of responses) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          code: 'COMPOSITION_NOT_FOUND',
          error: ERROR_MESSAGES.COMPOSITION_NOT_FOUND.en,
        });
      }
      const still = await t.app.inject({ method: 'GET', url, headers: alice.headers });
      expect(still.json()).toEqual(comp);
    });
  });

  describe('deleting a block', () => {
    it('removes it from saved compositions and renumbers the rest without gaps', async () => {
      const { headers } = await t.createUser();
      const a = await newBlock(headers, 'A');
      const b = await newBlock(headers, 'B');
      const c = await newBlock(headers, 'C');
      const first = (
        await post(headers, { name: 'First', blockIds: [a.id, b.id, c.id, b.id] })
      ).json<Composition>();
      const second = (
        await post(headers, { name: 'Second', blockIds: [c.id] })
      ).json<Composition>();
      const only = (await post(headers, { name: 'Only B', blockIds: [b.id] })).json<Composition>();

      const del = await t.app.inject({ method: 'DELETE', url: `/api/blocks/${b.id}`, headers });
      expect(del.statusCode).toBe(204);

      const get = async (id: string) =>
        (
          await t.app.inject({ method: 'GET', url: `/api/compositions/${id}`, headers })
        ).json<Composition>();
      expect((await get(first.id)).blocks.map((i) => [i.blockId, i.order])).toEqual([
        [a.id, 0],
        [c.id, 1],
      ]);
      expect((await get(second.id)).blocks).toHaveLength(1);
      // The composition stays, empty, so its name is not lost; the user can refill it.
      expect((await get(only.id)).blocks).toEqual([]);
    });

    it('leaves the composition untouched when the delete is refused', async () => {
      const { headers } = await t.createUser();
      const blocks = (await t.app.inject({ method: 'GET', url: '/api/blocks', headers })).json<{
        items: Block[];
      }>().items;
      const system = blocks[0];
      if (!system) throw new Error('no system block');
      const comp = (await post(headers, { name: 'S', blockIds: [system.id] })).json<Composition>();
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/blocks/${system.id}`,
        headers,
      });
      expect(del.statusCode).toBe(400);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/compositions/${comp.id}`,
        headers,
      });
      expect(read.json()).toEqual(comp);
    });
  });
});
