import { BLOCK_CONTENT_MAX, ERROR_MESSAGES, type Block } from '@promptloom/core';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { seedDatabase } from '../../db/seed';
import { blocks, users } from '../../db/schema';
import { SYSTEM_AUTHOR } from '../shared-items/system-author';
import { signInProfile } from '../auth/users.service';
import { ensureSystemBlocks } from './system-blocks';

type Headers = Record<string, string>;

describe('blocks API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const valid = { name: 'Role', content: 'You are a senior engineer.', type: 'STATIC' };
  const post = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/blocks', headers, payload: payload as object });
  const put = (headers: Headers, id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/blocks/${id}`, headers, payload });
  const list = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/api/blocks', headers })).json<{ items: Block[] }>()
      .items;

  describe('system blocks', () => {
    it('creates the six system blocks at first sign-in', async () => {
      const { headers } = await t.createUser();
      const blocks = await list(headers);
      expect(blocks).toHaveLength(6);
      expect(blocks.map((b) => b.type)).toEqual([
        'PROJECT_INFO',
        'PROJECT_STRUCTURE',
        'SELECTED_FILES_CONTENT',
        'CHANGES_SINCE_LAST_PROMPT',
        'ANSWER_FORMAT',
        'DYNAMIC_TASK',
      ]);
      for (const block of blocks) {
        expect(block).toMatchObject({
          isSystemBlock: true,
          systemBehavior: 'INDELETABLE',
          subscription: null,
          sharedVersion: null,
        });
        expect(block.color).toMatch(/^#[0-9A-F]{6}$/);
      }
      const dynamic = blocks.find((b) => b.type === 'DYNAMIC_TASK');
      expect(dynamic).toMatchObject({ name: 'Dynamic User Task', category: 'Tâche Dynamique' });
      expect(JSON.parse(dynamic?.content ?? '')).toEqual({ prefix: '', suffix: '' });
      const core = blocks.filter((b) => b.type !== 'DYNAMIC_TASK');
      expect(new Set(core.map((b) => b.category))).toEqual(new Set(['Blocs Fondamentaux']));
    });

    it('is idempotent: a second sign-in or call adds nothing', async () => {
      const profile = {
        provider: 'local',
        subject: `idem-${Date.now()}`,
        name: 'Idem',
        email: null,
        avatarUrl: null,
      };
      const user = await signInProfile(t.db, profile);
      await signInProfile(t.db, profile);
      await ensureSystemBlocks(t.db, user.id);
      const rows = await t.db.select().from(blocks).where(eq(blocks.userId, user.id));
      expect(rows).toHaveLength(6);
    });

    it('gives existing accounts the system blocks added since, once, at the start-up seed', async () => {
      const { user, headers } = await t.createUser();
      // An account created before the answer-format and changes blocks existed.
      await t.db
        .delete(blocks)
        .where(
          and(
            eq(blocks.userId, user.id),
            inArray(blocks.type, ['ANSWER_FORMAT', 'CHANGES_SINCE_LAST_PROMPT']),
          ),
        );
      expect(await list(headers)).toHaveLength(4);

      await seedDatabase(t.db, t.clock.now());
      await seedDatabase(t.db, t.clock.now());
      const after = await list(headers);
      expect(after.map((b) => b.type)).toEqual([
        'PROJECT_INFO',
        'PROJECT_STRUCTURE',
        'SELECTED_FILES_CONTENT',
        'CHANGES_SINCE_LAST_PROMPT',
        'ANSWER_FORMAT',
        'DYNAMIC_TASK',
      ]);
      // A system block's default name follows the request's language (English without one).
      expect(after.find((b) => b.type === 'ANSWER_FORMAT')).toMatchObject({
        name: 'Answer format',
        isSystemBlock: true,
        systemBehavior: 'INDELETABLE',
        category: 'Blocs Fondamentaux',
      });
      // The library's system author holds starter blocks only, never system blocks.
      const authored = await t.db
        .select({ type: blocks.type })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.userId))
        .where(and(eq(users.subject, SYSTEM_AUTHOR.subject), eq(blocks.isSystemBlock, true)));
      expect(authored).toEqual([]);
    });

    it('refuses to edit the content or type of a system block, but allows the rest', async () => {
      const { headers } = await t.createUser();
      const info = (await list(headers)).find((b) => b.type === 'PROJECT_INFO');
      if (!info) throw new Error('no PROJECT_INFO block');
      const base = { name: info.name, content: info.content, type: info.type };

      const content = await put(headers, info.id, { ...base, content: 'changed' });
      expect(content.statusCode).toBe(400);
      expect(content.json()).toMatchObject({
        code: 'BLOCK_SYSTEM_CONTENT_READONLY',
        error: ERROR_MESSAGES.BLOCK_SYSTEM_CONTENT_READONLY.en,
      });

      const type = await put(headers, info.id, { ...base, type: 'STATIC' });
      expect(type.statusCode).toBe(400);
      expect(type.json()).toMatchObject({ code: 'BLOCK_SYSTEM_TYPE_READONLY' });

      const renamed = await put(headers, info.id, {
        ...base,
        name: 'Contexte',
        color: '#22C55E',
        description: 'Mine',
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        name: 'Contexte',
        color: '#22C55E',
        description: 'Mine',
        content: info.content,
        isSystemBlock: true,
      });
    });

    it('refuses to delete an INDELETABLE block', async () => {
      const { headers } = await t.createUser();
      const [system] = await list(headers);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/blocks/${system?.id}`,
        headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'BLOCK_INDELETABLE',
        error: ERROR_MESSAGES.BLOCK_INDELETABLE.en,
      });
      expect(await list(headers)).toHaveLength(6);
    });
  });

  describe('create, read, update, delete', () => {
    it('creates a block with every field and reads it back', async () => {
      const { headers } = await t.createUser();
      const res = await post(headers, {
        ...valid,
        category: '  Rôles  ',
        color: '#EC4899',
        description: 'Sets the role',
      });
      expect(res.statusCode).toBe(201);
      const created = res.json<Block>();
      expect(created).toMatchObject({
        name: 'Role',
        content: valid.content,
        type: 'STATIC',
        category: 'Rôles',
        color: '#EC4899',
        description: 'Sets the role',
        isSystemBlock: false,
        systemBehavior: 'NONE',
        subscription: null,
        sharedVersion: null,
      });
      expect(created.id).toMatch(/^[a-z0-9]{20,}$/);
      const read = await t.app.inject({ method: 'GET', url: `/api/blocks/${created.id}`, headers });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(created);
      expect((await list(headers)).at(-1)).toEqual(created);
    });

    it('stores blank optional fields as null', async () => {
      const { headers } = await t.createUser();
      const res = await post(headers, { ...valid, category: '   ', color: '', description: null });
      expect(res.json()).toMatchObject({ category: null, color: null, description: null });
    });

    it('accepts an empty DYNAMIC_TASK content', async () => {
      const { headers } = await t.createUser();
      const res = await post(headers, { name: 'Task', content: '', type: 'DYNAMIC_TASK' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ content: '', type: 'DYNAMIC_TASK' });
    });

    it('updates a block', async () => {
      const { headers } = await t.createUser();
      const created = (await post(headers, valid)).json<Block>();
      t.clock.advance(60_000);
      const res = await put(headers, created.id, {
        ...valid,
        name: 'Role v2',
        content: 'New',
        category: 'Rôles',
      });
      expect(res.statusCode).toBe(200);
      const updated = res.json<Block>();
      expect(updated).toMatchObject({ id: created.id, name: 'Role v2', content: 'New' });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    });

    it('deletes a block', async () => {
      const { headers } = await t.createUser();
      const created = (await post(headers, valid)).json<Block>();
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/blocks/${created.id}`,
        headers,
      });
      expect(res.statusCode).toBe(204);
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/blocks/${created.id}`,
        headers,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ code: 'BLOCK_NOT_FOUND' });
    });

    it('needs a signed-in user', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/blocks' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, keyof typeof ERROR_MESSAGES, string][] = [
      ['missing name', { content: 'x', type: 'STATIC' }, 'BLOCK_NAME_EMPTY', 'name'],
      ['empty name', { ...valid, name: '' }, 'BLOCK_NAME_EMPTY', 'name'],
      ['blank name', { ...valid, name: '   ' }, 'BLOCK_NAME_EMPTY', 'name'],
      ['name of 256', { ...valid, name: 'n'.repeat(256) }, 'BLOCK_NAME_TOO_LONG', 'name'],
      ['empty content', { ...valid, content: '' }, 'BLOCK_CONTENT_EMPTY', 'content'],
      ['blank content', { ...valid, content: ' \n ' }, 'BLOCK_CONTENT_EMPTY', 'content'],
      ['missing content', { name: 'a', type: 'STATIC' }, 'BLOCK_CONTENT_EMPTY', 'content'],
      [
        'content over 100 000',
        { ...valid, content: 'c'.repeat(BLOCK_CONTENT_MAX + 1) },
        'BLOCK_CONTENT_TOO_LONG',
        'content',
      ],
      [
        'dynamic content over 100 000',
        { ...valid, type: 'DYNAMIC_TASK', content: 'c'.repeat(BLOCK_CONTENT_MAX + 1) },
        'BLOCK_CONTENT_TOO_LONG',
        'content',
      ],
      ['unknown type', { ...valid, type: 'MAGIC' }, 'BLOCK_TYPE_INVALID', 'type'],
      ['missing type', { name: 'a', content: 'b' }, 'BLOCK_TYPE_INVALID', 'type'],
      [
        'category of 256',
        { ...valid, category: 'c'.repeat(256) },
        'BLOCK_CATEGORY_TOO_LONG',
        'category',
      ],
      ['colour of 51', { ...valid, color: '#'.repeat(51) }, 'BLOCK_COLOR_TOO_LONG', 'color'],
      [
        'description of 2001',
        { ...valid, description: 'd'.repeat(2001) },
        'BLOCK_DESCRIPTION_TOO_LONG',
        'description',
      ],
    ];

    it.each(cases)('refuses %s in the asked language', async (_, payload, code, field) => {
      const { headers } = await t.createUser();
      const created = await post(headers, payload);
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({ error: ERROR_MESSAGES[code].en, code, field });

      const { id } = (await post(headers, valid)).json<Block>();
      const french = { ...headers, 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };
      const updated = await put(french, id, payload);
      expect(updated.statusCode).toBe(400);
      expect(updated.json()).toMatchObject({ code, error: ERROR_MESSAGES[code].fr });
    });

    it('uses the French texts', () => {
      expect(ERROR_MESSAGES.BLOCK_NAME_EMPTY.fr).toBe('Le nom ne peut pas être vide.');
      expect(ERROR_MESSAGES.BLOCK_NAME_TOO_LONG.fr).toBe(
        'Le nom ne peut pas dépasser 255 caractères.',
      );
      expect(ERROR_MESSAGES.BLOCK_CONTENT_EMPTY.fr).toBe('Le contenu ne peut pas être vide.');
      expect(ERROR_MESSAGES.BLOCK_CONTENT_TOO_LONG.fr).toBe(
        'Le contenu ne peut pas dépasser 100 000 caractères.',
      );
      expect(ERROR_MESSAGES.BLOCK_TYPE_INVALID.fr).toBe('Type de bloc invalide.');
    });

    it('accepts the limits exactly', async () => {
      const { headers } = await t.createUser();
      const res = await post(headers, {
        name: 'n'.repeat(255),
        content: 'c'.repeat(BLOCK_CONTENT_MAX),
        type: 'STATIC',
        category: 'c'.repeat(255),
        color: 'x'.repeat(50),
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('ownership', () => {
    it("answers 404 for another user's block on every verb", async () => {
      const alice = await t.createUser('Alice');
      const bob = await t.createUser('Bob');
      const block = (await post(alice.headers, valid)).json<Block>();
      const url = `/api/blocks/${block.id}`;
      const get = await t.app.inject({ method: 'GET', url, headers: bob.headers });
      const updated = await put(bob.headers, block.id, valid);
      const del = await t.app.inject({ method: 'DELETE', url, headers: bob.headers });
      for (const res of [get, updated, del]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          code: 'BLOCK_NOT_FOUND',
          error: ERROR_MESSAGES.BLOCK_NOT_FOUND.en,
        });
      }
      expect((await list(bob.headers)).map((b) => b.id)).not.toContain(block.id);
      const still = await t.app.inject({ method: 'GET', url, headers: alice.headers });
      expect(still.json()).toEqual(block);
    });

    it('answers 404 for an unknown id', async () => {
      const { headers } = await t.createUser();
      const res = await t.app.inject({ method: 'GET', url: '/api/blocks/nope', headers });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('categories', () => {
    it('lists distinct categories with the default names applied', async () => {
      const { headers } = await t.createUser();
      await post(headers, { ...valid, category: 'Rôles' });
      await post(headers, { ...valid, category: 'Rôles' });
      await post(headers, { ...valid, category: 'Autres' });
      await post(headers, valid);
      await post(headers, { name: 'Task', content: '', type: 'DYNAMIC_TASK' });
      const res = await t.app.inject({ method: 'GET', url: '/api/blocks/categories', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        'Autres',
        'Blocs Fondamentaux',
        'Rôles',
        'Sans catégorie',
        'Tâche Dynamique',
      ]);
    });

    it("never lists another user's categories", async () => {
      const alice = await t.createUser('Alice');
      const bob = await t.createUser('Bob');
      await post(alice.headers, { ...valid, category: 'Secret' });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/blocks/categories',
        headers: bob.headers,
      });
      expect(res.json()).not.toContain('Secret');
    });
  });
});
