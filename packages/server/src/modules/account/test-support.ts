import type { AccountExport } from '@promptloom/core';
import { expect } from 'vitest';
import { listAll, type TestApp } from '../../../test/helpers';
import { call, insertBlock, share, type TestUser } from '../shared-items/test-support';

/** A block as GET /api/blocks lists it: the fields these tests compare. */
export interface ListedBlock {
  id: string;
  name: string;
  content: string;
  description: string | null;
  category: string | null;
  color: string | null;
  type: string;
  isSystemBlock: boolean;
  subscription: { detached: string | null } | null;
}

/** A composition as GET /api/compositions lists it. */
export interface ListedComposition {
  id: string;
  name: string;
  blocks: { blockId: string; order: number; name: string }[];
}

/** The user's account export, checked to come as a download. */
export async function exportOf(t: TestApp, user: TestUser): Promise<AccountExport> {
  const res = await call(t, user, 'GET', '/api/account/export');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="promptloom-export-/);
  return res.json<AccountExport>();
}

/** POST /api/account/import of `file` as `user`; the answer, whatever it is. */
export async function importInto(t: TestApp, user: TestUser, file: unknown) {
  return call(t, user, 'POST', '/api/account/import', file);
}

/** A STATIC block made through the API, as the user would make it. */
export async function createBlock(t: TestApp, user: TestUser, body: Record<string, unknown>) {
  const res = await call(t, user, 'POST', '/api/blocks', { type: 'STATIC', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ListedBlock>();
}

/** Ada's library: two blocks of her own, a composition using them and a system block. */
export async function fillAda(t: TestApp, ada: TestUser) {
  const reviewer = await createBlock(t, ada, {
    name: 'Reviewer',
    content: 'Review the code, é😀.',
    category: 'Revues',
    color: '#22C55E',
    description: 'Careful',
  });
  const tester = await createBlock(t, ada, { name: 'Tester', content: 'Write the tests.' });
  const system = (await listAll<ListedBlock>(t, ada.headers, '/api/blocks')).find(
    (block) => block.type === 'PROJECT_STRUCTURE',
  )!;
  const composition = await call(t, ada, 'POST', '/api/compositions', {
    name: 'Review flow',
    blockIds: [tester.id, system.id, reviewer.id, tester.id],
  });
  expect(composition.statusCode, composition.body).toBe(201);
  const compositionId = composition.json<{ id: string }>().id;
  await call(t, ada, 'PUT', '/api/settings', {
    globalIgnorePatterns: ['*.log', '# Node', 'dist/'],
  });
  await call(t, ada, 'PUT', '/api/settings/default-composition', { compositionId });
  return { reviewer, tester, system, compositionId };
}

/** Bob's block (“Bob’s block”, “From Bob.”), shared with `form`: the block and its item. */
export async function bobsSharedBlock(t: TestApp, bob: TestUser, form: object = {}) {
  const block = await insertBlock(t, bob, { name: 'Bob’s block', content: 'From Bob.' });
  const item = await share(t, bob, block.id, form);
  return { block, item };
}
