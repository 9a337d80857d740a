import {
  CORE_SYSTEM_IGNORE_PATTERNS,
  IGNORE_PATTERN_LINES_MAX,
  type ApiErrorBody,
  type SettingsResponse,
} from '@promptloom/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { getSystemAuthorId } from '../shared-items/system-author';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const patterns = (response: LightMyRequestResponse) =>
  response.json<SettingsResponse>().globalIgnorePatterns;

const put = (headers: Record<string, string>, globalIgnorePatterns: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: { globalIgnorePatterns } });

describe('GET/PUT /api/settings', () => {
  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(401);
  });

  it('starts empty with the core system list and the system author, never cached', async () => {
    const { headers } = await t.createUser('Fresh');
    const response = await t.app.inject({ method: 'GET', url: '/api/settings', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      coreSystemIgnorePatterns: [...CORE_SYSTEM_IGNORE_PATTERNS],
      globalIgnorePatterns: [],
      systemAuthorId: await getSystemAuthorId(t.db),
      defaultCompositionId: null,
    });
  });

  it('stores a canonical list per user', async () => {
    const alice = await t.createUser('Alice');
    const bob = await t.createUser('Bob');
    const saved = await put(alice.headers, [
      '# Logs',
      '  *.log ',
      '',
      'secrets/',
      '# Node',
      'dist',
      '# Logs',
      'logs',
    ]);
    expect(saved.statusCode).toBe(200);
    const expected = ['# Logs', '*.log', 'secrets/', 'logs', '# Node', 'dist'];
    expect(patterns(saved)).toEqual(expected);

    const again = await t.app.inject({ url: '/api/settings', headers: alice.headers });
    expect(patterns(again)).toEqual(expected);
    // Bob sees none of it, and his save leaves Alice's list alone.
    const bobs = await t.app.inject({ url: '/api/settings', headers: bob.headers });
    expect(patterns(bobs)).toEqual([]);
    expect(patterns(await put(bob.headers, ['tmp/']))).toEqual(['tmp/']);
    const alices = await t.app.inject({ url: '/api/settings', headers: alice.headers });
    expect(patterns(alices)).toEqual(expected);

    // Saving an empty list clears it (the upsert path).
    expect(patterns(await put(alice.headers, []))).toEqual([]);
  });

  it.each([
    [['# Logs', '*.log', '*.log'], 'IGNORE_PATTERN_DUPLICATE', 'globalIgnorePatterns.2'],
    [['ok', 'x'.repeat(501)], 'IGNORE_PATTERN_TOO_LONG', 'globalIgnorePatterns.1'],
    [['x'.repeat(65_537)], 'GLOB_PATTERN_TOO_LONG', 'globalIgnorePatterns.0'],
    [
      Array.from({ length: IGNORE_PATTERN_LINES_MAX + 1 }, (_, i) => `file-${i}`),
      'IGNORE_PATTERNS_TOO_MANY',
      'globalIgnorePatterns',
    ],
  ])('rejects invalid lists with 400 %#', async (lines, code, field) => {
    const { headers } = await t.createUser('Validator');
    const response = await put(headers, lines);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, field });
    expect(response.json<ApiErrorBody>().error).toEqual(expect.any(String));
    const after = await t.app.inject({ url: '/api/settings', headers });
    expect(patterns(after)).toEqual([]);
  });

  it('rejects a body of the wrong shape', async () => {
    const { headers } = await t.createUser('Shape');
    expect((await put(headers, 'node_modules')).statusCode).toBe(400);
    expect((await put(headers, [42])).statusCode).toBe(400);
  });

  it('accepts the same pattern in two categories', async () => {
    const { headers } = await t.createUser('Twice');
    const response = await put(headers, ['# A', 'dist', '# B', 'dist']);
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/settings/gitignore-templates', () => {
  it('lists the bundled collection with a day of caching', async () => {
    const { headers } = await t.createUser('Lister');
    const response = await t.app.inject({ url: '/api/settings/gitignore-templates', headers });
    expect(response.statusCode).toBe(200);
    const names = response.json<string[]>();
    expect(names.length).toBeGreaterThan(200);
    expect(names).toEqual(expect.arrayContaining(['Node', 'Python', 'Global/macOS']));
    expect(response.headers['cache-control']).toBe('private, max-age=86400');

    const revalidated = await t.app.inject({
      url: '/api/settings/gitignore-templates',
      headers: { ...headers, 'if-none-match': String(response.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('returns the Node template as real categories and patterns', async () => {
    const { headers } = await t.createUser('Node fan');
    const response = await t.app.inject({
      url: '/api/settings/gitignore-templates/Node',
      headers,
    });
    expect(response.statusCode).toBe(200);
    const categories = response.json<{ category: string; patterns: string[] }[]>();
    const byName = new Map(categories.map((c) => [c.category, c.patterns]));
    expect(byName.get('Logs')).toEqual(expect.arrayContaining(['logs', '*.log', 'npm-debug.log*']));
    expect(byName.get('Dependency directories')).toEqual(
      expect.arrayContaining(['node_modules/', 'jspm_packages/']),
    );
    for (const { category, patterns } of categories) {
      expect(category).not.toMatch(/^#|\r/);
      expect(patterns.length).toBeGreaterThan(0);
      for (const pattern of patterns) expect(pattern).not.toMatch(/^#|\r|^\s|\s$/);
    }
  });

  it('decodes URL-encoded names and answers 404 for unknown ones', async () => {
    const { headers } = await t.createUser('Encoder');
    const mac = await t.app.inject({
      url: `/api/settings/gitignore-templates/${encodeURIComponent('Global/macOS')}`,
      headers,
    });
    expect(mac.statusCode).toBe(200);
    expect(mac.json<{ patterns: string[] }[]>().flatMap((c) => c.patterns)).toContain('.DS_Store');
    const unknown = await t.app.inject({
      url: '/api/settings/gitignore-templates/NoSuchTemplate',
      headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'GITIGNORE_TEMPLATE_NOT_FOUND' });
    const proto = await t.app.inject({
      url: '/api/settings/gitignore-templates/__proto__',
      headers,
    });
    expect(proto.statusCode).toBe(404);
  });
});
