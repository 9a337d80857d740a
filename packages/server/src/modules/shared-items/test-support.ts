import type { SystemBehavior } from '@promptloom/core';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { blocks } from '../../db/schema';
import { signAccessToken } from '../auth/access-token';

export type TestUser = Awaited<ReturnType<TestApp['createUser']>>;

/** A fresh test app, then one signed-in user per name, signed in in that order. */
export async function appWithUsers<const Names extends readonly string[]>(
  ...names: Names
): Promise<[TestApp, ...{ [K in keyof Names]: TestUser }]> {
  const t = await buildTestApp();
  const users: TestUser[] = [];
  for (const name of names) users.push(await t.createUser(name));
  return [t, ...(users as { [K in keyof Names]: TestUser })];
}

/** A block row for `user`, inserted directly so these tests depend only on this module. */
export async function insertBlock(
  t: TestApp,
  user: TestUser,
  fields: { name?: string; content?: string; systemBehavior?: SystemBehavior } = {},
) {
  const [row] = await t.db
    .insert(blocks)
    .values({
      userId: user.user.id,
      name: fields.name ?? 'Reviewer',
      content: fields.content ?? 'Review this code carefully.',
      type: 'STATIC',
      color: '#22C55E',
      category: 'Revues',
      systemBehavior: fields.systemBehavior ?? 'NONE',
      isSystemBlock: (fields.systemBehavior ?? 'NONE') !== 'NONE',
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

export async function readBlock(t: TestApp, id: string) {
  const [row] = await t.db.select().from(blocks).where(eq(blocks.id, id));
  return row;
}

/** An inject call with JSON body and the user's Bearer header. */
export function call(
  t: TestApp,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function share(t: TestApp, user: TestUser, blockId: string, form: unknown) {
  const res = await call(t, user, 'POST', `/api/blocks/${blockId}/share`, form);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{
    id: string;
    shareToken: string | null;
    expiresAt: string | null;
    visibility: string;
  }>();
}

/** The author writes `content` (and `name`) into the item's source block, published as its next version. */
export async function publishVersion(
  t: TestApp,
  author: TestUser,
  item: { itemId: string; blockId: string },
  content: string,
  name?: string,
) {
  await t.db.update(blocks).set({ content, name }).where(eq(blocks.id, item.blockId));
  const url = `/api/shared-items/${item.itemId}`;
  const res = await call(t, author, 'PUT', url, { versionNotes: content });
  expect(res.statusCode, res.body).toBe(200);
}

/** `user` imports the item as a copy (CLONE) or a subscribed copy (SUBSCRIBE). */
export async function importAs<Mode extends 'CLONE' | 'SUBSCRIBE'>(
  t: TestApp,
  user: TestUser,
  itemId: string,
  importMode: Mode,
) {
  const res = await call(t, user, 'POST', `/api/shared-items/${itemId}/import`, { importMode });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ blockId: string; subscriptionId: Mode extends 'SUBSCRIBE' ? string : null }>();
}

/** Re-signs the users' access tokens after the test clock moved past their lifetime. */
export async function resignTokens(t: TestApp, ...users: TestUser[]) {
  for (const user of users) {
    const token = await signAccessToken(t.config.jwtSecret, user.user.id, t.clock.now());
    user.headers.authorization = `Bearer ${token}`;
  }
}
