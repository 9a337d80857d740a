import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  ACCOUNT_IMPORT_COUNTED_MAX,
  type AccountExport,
  type AccountImportResult,
} from '@promptloom/core';
import { ACCOUNT_IMPORT_RATE_LIMIT } from '../../limits';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, listAll, type TestApp } from '../../../test/helpers';
import { call, type TestUser } from '../shared-items/test-support';

/**
 * Account import under decision 093: the same file twice adds nothing the second time and
 * says so; the sections that are only counted are bounded; the file is parsed and checked in
 * a worker thread, so a large one leaves the event loop free; imports have their own limit.
 */
describe('account import, bounded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const exportOf = async (user: TestUser) =>
    (await call(t, user, 'GET', '/api/account/export')).json<AccountExport>();
  const importInto = (user: TestUser, file: unknown) =>
    call(t, user, 'POST', '/api/account/import', file);

  it('adds nothing when the same file comes twice, and says what was already there', async () => {
    const ada = await t.createUser('Ada');
    const bob = await t.createUser('Bob');
    const blocks = [];
    for (const [name, content] of [
      ['Reviewer', 'Review the code.'],
      ['Tester', 'Write the tests.'],
      ['Tester', 'Write the tests.'],
      ['Tester', 'Other content.'],
    ]) {
      const res = await call(t, ada, 'POST', '/api/blocks', { name, content, type: 'STATIC' });
      blocks.push(res.json<{ id: string }>());
    }
    const composition = await call(t, ada, 'POST', '/api/compositions', {
      name: 'Flow',
      blockIds: [blocks[1]!.id, blocks[0]!.id],
    });
    expect(composition.statusCode, composition.body).toBe(201);
    // Bob already holds one of Ada's blocks, written the same.
    await call(t, bob, 'POST', '/api/blocks', {
      name: 'Reviewer',
      content: 'Review the code.',
      type: 'STATIC',
    });
    const exported = await exportOf(ada);
    // Blocks made in the same millisecond: which twin a file's block matches is then open.
    const file = {
      ...exported,
      blocks: exported.blocks.map((block) => ({ ...block, createdAt: exported.exportedAt })),
    };

    const first = await importInto(bob, file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AccountImportResult>()).toMatchObject({
      blocks: { imported: 3, alreadyPresent: 1 },
      compositions: { imported: 1, alreadyPresent: 0 },
    });
    const afterFirst = await listAll<{ id: string }>(t, bob.headers, '/api/blocks');

    const second = await importInto(bob, file);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<AccountImportResult>()).toMatchObject({
      blocks: { imported: 0, alreadyPresent: 4 },
      compositions: { imported: 0, alreadyPresent: 1 },
    });
    expect(await listAll(t, bob.headers, '/api/blocks')).toEqual(afterFirst);
    expect(await listAll(t, bob.headers, '/api/compositions')).toHaveLength(1);
  });

  it('bounds the sections it only counts, and parses a large file off the event loop', async () => {
    const cyd = await t.createUser('Cyd');
    const file = await exportOf(cyd);
    const tooMany = Array.from({ length: ACCOUNT_IMPORT_COUNTED_MAX + 1 }, () => ({
      sharedItemId: 'x',
      likedAt: file.exportedAt,
    }));
    const refused = await importInto(cyd, { ...file, likes: tooMany });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_IMPORT_INVALID', field: 'likes' });

    // About 40 MB of shared items the import only counts: parsed on the main thread, they
    // held it for seconds.
    const version = { version: 1, name: 'v', content: 'x'.repeat(20_000), versionNotes: null };
    const sharedItems = Array.from({ length: 2_000 }, (_, i) => ({
      id: `s${i}`,
      sourceBlockId: null,
      name: 'Shared',
      description: null,
      tags: [],
      visibility: 'PUBLIC',
      expiresAt: null,
      currentVersion: 1,
      likeCount: 0,
      downloadCount: 0,
      createdAt: file.exportedAt,
      versions: [{ ...version, createdAt: file.exportedAt }],
    }));
    const payload = JSON.stringify({ ...file, sharedItems });
    // What the main thread parses while the import runs: none of the file.
    const parse = vi.spyOn(JSON, 'parse');
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/import',
      headers: { ...cyd.headers, 'content-type': 'application/json' },
      payload,
    });
    delay.disable();
    const parsedHere = Math.max(0, ...parse.mock.calls.map(([text]) => String(text).length));
    parse.mockRestore();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ skipped: { sharedItems: 2_000 } });
    expect(parsedHere).toBeLessThan(1_000_000);
    // Wall time depends on the machine's load, so it is printed, not asserted.
    console.info(
      `import of ${(payload.length / 1e6).toFixed(0)} MB: event loop delay max ${(delay.max / 1e6).toFixed(0)} ms`,
    );
  });

  it('has its own low limit per user, counted before the body is read', async () => {
    const dan = await t.createUser('Dan');
    const file = await exportOf(dan);
    for (let i = 0; i < ACCOUNT_IMPORT_RATE_LIMIT.max; i++) {
      expect((await importInto(dan, file)).statusCode).toBe(200);
    }
    const refused = await importInto(dan, file);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const eve = await t.createUser('Eve');
    expect((await importInto(eve, await exportOf(eve))).statusCode).toBe(200);
  });
});
