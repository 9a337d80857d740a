import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Block, Composition, CreatedAccessToken } from '@promptloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../server/test/helpers';
import { connectMcp, makeProject, promptloom, texts, writtenFiles } from './support';

/**
 * End to end: a composition and settings saved through the API are packed by the CLI and
 * the MCP server through a personal access token; a revoked token is refused.
 */
describe('compositions from the server', () => {
  let t: TestApp;
  let server: string;
  let headers: Record<string, string>;
  let project: Awaited<ReturnType<typeof makeProject>>;
  let config: Awaited<ReturnType<typeof makeProject>>;
  let token: CreatedAccessToken;

  beforeAll(async () => {
    t = await buildTestApp();
    server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ headers } = await t.createUser());
    project = await makeProject({
      'src/index.ts': 'export const answer = 42;\n',
      'README.md': '# Left out by the global patterns\n',
    });
    config = await makeProject({});
    const api = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      (await t.app.inject({ method, url, headers, payload })).json<T>();
    const reviewer = await api<Block>('POST', '/api/blocks', {
      name: 'Reviewer',
      content: 'You are a careful reviewer.',
      type: 'STATIC',
    });
    const blocks = (await api<{ items: Block[] }>('GET', '/api/blocks')).items;
    const system = (type: Block['type']) => blocks.find((block) => block.type === type)!.id;
    await api<Composition>('POST', '/api/compositions', {
      name: 'Review',
      blockIds: [
        reviewer.id,
        system('PROJECT_STRUCTURE'),
        system('SELECTED_FILES_CONTENT'),
        system('DYNAMIC_TASK'),
      ],
    });
    await api('PUT', '/api/settings', { globalIgnorePatterns: ['# Docs', '*.md'] });
    token = await api<CreatedAccessToken>('POST', '/api/access-tokens', { name: 'cli test' });
  });
  afterAll(async () => {
    await t?.close();
    await project?.cleanup();
    await config?.cleanup();
  });

  const env = () => ({ PROMPTLOOM_CONFIG_DIR: config.dir });

  it('logs in, keeping server and token in a 0600 file', async () => {
    const run = await promptloom(['login', '--server', server, '--token', token.token], {
      env: env(),
    });
    expect(run.code).toBe(0);
    const file = join(config.dir, 'config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ server, token: token.token });
    const refused = await promptloom(['login', '--server', server, '--token', 'plt_wrong'], {
      env: { PROMPTLOOM_CONFIG_DIR: project.dir },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/access token was refused/);
  });

  it('packs with the saved composition’s blocks in order, the global patterns and the request', async () => {
    const run = await promptloom(
      ['pack', project.dir, '--composition', 'Review', '--request', 'Find the bug.'],
      { env: env() },
    );
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    const prompt = run.stdout;
    expect(prompt.startsWith('You are a careful reviewer.')).toBe(true);
    expect(writtenFiles(prompt)).toEqual(['src/index.ts']);
    expect(prompt.indexOf('└── index.ts')).toBeLessThan(prompt.indexOf('File: src/index.ts'));
    expect(prompt.trimEnd().endsWith('Find the bug.')).toBe(true);
    expect(prompt).not.toContain('README.md');
  });

  it('serves compositions and blocks to MCP clients with the token from the environment', async () => {
    const client = await connectMcp(
      { PROMPTLOOM_SERVER: server, PROMPTLOOM_TOKEN: token.token },
      { roots: [project.dir] },
    );
    try {
      const list = texts(await client.callTool({ name: 'list_compositions', arguments: {} }));
      expect(list[0]).toMatch(/^Review: Reviewer → /);
      const block = await client.callTool({ name: 'get_block', arguments: { name: 'Reviewer' } });
      expect(texts(block)).toEqual(['You are a careful reviewer.']);
      const packed = await client.callTool({
        name: 'pack',
        arguments: { directory: project.dir, composition: 'Review', request: 'Explain.' },
      });
      const prompt = texts(packed)[1]!;
      expect(prompt.startsWith('You are a careful reviewer.')).toBe(true);
      expect(prompt.trimEnd().endsWith('Explain.')).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('refuses an unknown composition and a revoked token with one line', async () => {
    const unknown = await promptloom(['pack', project.dir, '--composition', 'Nope'], {
      env: env(),
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('error no composition named "Nope" (yours: Review)');
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/access-tokens/${token.id}`,
      headers,
    });
    expect(revoke.statusCode).toBe(204);
    const refused = await promptloom(['pack', project.dir, '--composition', 'Review'], {
      env: env(),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/access token was refused/);
    expect(refused.stdout).toBe('');
  });
});
