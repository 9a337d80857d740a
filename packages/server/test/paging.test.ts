import {
  ERROR_MESSAGES,
  LIST_PAGE_BYTES_MAX,
  LIST_PAGE_DEFAULT,
  LIST_PAGE_MAX,
  type Block,
  type Composition,
} from '@promptloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, documentedResponses, listAll, type TestApp } from './helpers';

/**
 * Bounded reads (decision 038): the user's lists come in pages that follow a cursor, none
 * larger than a few MB however large the items, and a user's reads are rate limited.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<TestApp['createUser']>>;
interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

const get = (user: User, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user.headers });
const createBlock = async (user: User, name: string, content = `${name} content`) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blocks',
    headers: user.headers,
    payload: { name, content, type: 'STATIC' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Block>();
};

/** Walks a list `limit` items at a time; every page's raw size too. */
async function walk<Item>(user: User, url: string, limit?: number) {
  const items: Item[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams();
    if (limit) params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const res = await get(user, `${url}?${params.toString()}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    sizes.push(res.rawPayload.length);
    const page = res.json<Page<Item>>();
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return { items, sizes };
}

describe('GET /api/blocks in pages', () => {
  it('never answers more than a few MB: 30 blocks of 100,000 control characters', async () => {
    const user = await t.createUser();
    // Each escapes to ~600 KB of JSON (\u0001 is six characters): ~18 MB in all.
    const heavy = '\u0001'.repeat(100_000);
    for (let i = 0; i < 30; i++) await createBlock(user, `Heavy ${i}`, heavy);
    const { items, sizes } = await walk<Block>(user, '/api/blocks');
    expect(items.filter((block) => block.name.startsWith('Heavy'))).toHaveLength(30);
    expect(new Set(items.map((block) => block.id)).size).toBe(items.length);
    expect(sizes.length).toBeGreaterThan(5);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(LIST_PAGE_BYTES_MAX);
    // Even the largest limit is cut by the byte budget.
    const first = await get(user, `/api/blocks?limit=${LIST_PAGE_MAX}`);
    expect(first.rawPayload.length).toBeLessThanOrEqual(LIST_PAGE_BYTES_MAX);
    expect(first.json<Page<Block>>().nextCursor).not.toBeNull();
  });

  it('pages through every block once, in the list order (system blocks first)', async () => {
    const user = await t.createUser();
    const created = [];
    for (let i = 0; i < 7; i++) {
      created.push(await createBlock(user, `Block ${i}`));
      t.clock.advance(1);
    }
    const whole = await get(user, '/api/blocks');
    const page = whole.json<Page<Block>>();
    expect(page.nextCursor).toBeNull();
    expect(page.items.length).toBeLessThanOrEqual(LIST_PAGE_DEFAULT);
    const systems = page.items.filter((block) => block.isSystemBlock);
    expect(page.items.slice(0, systems.length).every((block) => block.isSystemBlock)).toBe(true);
    expect(page.items.slice(systems.length).map((block) => block.id)).toEqual(
      created.map((block) => block.id),
    );
    for (const limit of [1, 2, 3]) {
      const { items, sizes } = await walk<Block>(user, '/api/blocks', limit);
      expect(items.map((block) => block.id)).toEqual(page.items.map((block) => block.id));
      expect(sizes).toHaveLength(Math.ceil(page.items.length / limit));
    }
  });

  it('keeps its place when blocks are added or removed between pages', async () => {
    const user = await t.createUser();
    const created: Block[] = [];
    for (const name of ['A', 'B', 'C']) {
      created.push(await createBlock(user, name));
      t.clock.advance(1);
    }
    const [a, b, c] = created;
    const all = (await get(user, '/api/blocks')).json<Page<Block>>().items;
    const upToB = all.findIndex((block) => block.id === b!.id) + 1;
    const first = (await get(user, `/api/blocks?limit=${upToB}`)).json<Page<Block>>();
    expect(first.items.at(-1)?.id).toBe(b!.id);
    // A is deleted and D added after the first page was read.
    await t.app.inject({ method: 'DELETE', url: `/api/blocks/${a!.id}`, headers: user.headers });
    const d = await createBlock(user, 'D');
    const rest = await get(user, `/api/blocks?cursor=${first.nextCursor}`);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<Page<Block>>().items.map((block) => block.id)).toEqual([c!.id, d.id]);
  });

  it('refuses a forged cursor or a limit out of range with 400', async () => {
    const user = await t.createUser();
    for (const cursor of [
      'nonsense',
      Buffer.from('[1,2]').toString('base64url'),
      'x'.repeat(600),
      // The right shape with a number that is not an integer (decision 093): once a 500.
      Buffer.from('[1.5,0,"a"]').toString('base64url'),
      Buffer.from('[1000,1e300,"a"]').toString('base64url'),
    ]) {
      const res = await get(user, `/api/blocks?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CURSOR_INVALID' });
    }
    for (const limit of ['0', String(LIST_PAGE_MAX + 1), 'many']) {
      expect((await get(user, `/api/blocks?limit=${limit}`)).statusCode, limit).toBe(400);
    }
  });

  it('is the same list through a personal access token (the CLI pages too)', async () => {
    const user = await t.createUser();
    await createBlock(user, 'Mine');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/access-tokens',
      headers: user.headers,
      payload: { name: 'cli' },
    });
    const headers = { authorization: `Bearer ${created.json<{ token: string }>().token}` };
    expect(await listAll(t, headers, '/api/blocks')).toEqual(
      await listAll(t, user.headers, '/api/blocks'),
    );
  });
});

describe('the other lists in pages', () => {
  it('pages compositions in name order', async () => {
    const user = await t.createUser();
    const block = await createBlock(user, 'Part');
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'écho']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/compositions',
        headers: user.headers,
        payload: { name, blockIds: [block.id] },
      });
    }
    const { items, sizes } = await walk<Composition>(user, '/api/compositions', 2);
    expect(items.map((composition) => composition.name)).toEqual([
      'Alpha',
      'Bravo',
      'charlie',
      'delta',
      'écho',
    ]);
    expect(sizes).toHaveLength(3);
    expect(items[0]?.blocks).toEqual([expect.objectContaining({ blockId: block.id })]);
  });

  it('pages the author’s shared items, latest first', async () => {
    const user = await t.createUser();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const block = await createBlock(user, `Shared ${i}`);
      const shared = await t.app.inject({
        method: 'POST',
        url: `/api/blocks/${block.id}/share`,
        headers: user.headers,
        payload: { isPublic: true },
      });
      ids.push(shared.json<{ id: string }>().id);
      t.clock.advance(1_000);
    }
    const { items } = await walk<{ id: string }>(user, '/api/shared-items/my-items', 3);
    expect(items.map((item) => item.id)).toEqual(ids.reverse());
  });

  it('documents cursor and limit in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, { get: { parameters?: Array<{ name: string; in: string }> } }>;
    }>();
    for (const path of ['/api/blocks', '/api/compositions', '/api/shared-items/my-items']) {
      const names = doc.paths[path]?.get.parameters?.map((p) => `${p.in}:${p.name}`);
      expect(names, path).toEqual(expect.arrayContaining(['query:cursor', 'query:limit']));
    }
    const responses = await documentedResponses(t);
    expect(responses('/api/blocks', 'get')).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});

describe('the per-user read rate limit', () => {
  it('answers 429 READS_TOO_FAST past the limit, to that user only', async () => {
    const limited = await buildTestApp({ userReads: { max: 5, windowMs: 60_000 } });
    try {
      const [ada, bob] = [await limited.createUser('Ada'), await limited.createUser('Bob')];
      const read = (user: User) =>
        limited.app.inject({ method: 'GET', url: '/api/settings', headers: user.headers });
      for (let i = 0; i < 5; i++) expect((await read(ada)).statusCode).toBe(200);
      const refused = await read(ada);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: ERROR_MESSAGES.READS_TOO_FAST.en,
        code: 'READS_TOO_FAST',
      });
      expect((await read(bob)).statusCode).toBe(200);
      // Writes are counted apart (the write gate's limit).
      const write = await limited.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: ada.headers,
        payload: { name: 'Still', content: 'writes', type: 'STATIC' },
      });
      expect(write.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
