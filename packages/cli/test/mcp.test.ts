import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, makeProject, texts, writtenFiles } from './support';

describe('promptloom mcp', () => {
  let client: Client;
  let project: Awaited<ReturnType<typeof makeProject>>;
  beforeAll(async () => {
    project = await makeProject({
      '.gitignore': 'secret/\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/b.ts': 'export const b = 2;\n',
      'secret/key.txt': 'never packed\n',
      'notes.md': '# Notes\n',
    });
    client = await connectMcp({ PROMPTLOOM_CONFIG_DIR: project.dir });
  });
  afterAll(async () => {
    await client.close();
    await project.cleanup();
  });

  it('lists its three tools with their input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_block',
      'list_compositions',
      'pack',
    ]);
    const pack = tools.find((tool) => tool.name === 'pack')!;
    expect(Object.keys(pack.inputSchema.properties ?? {}).sort()).toEqual(
      ['composition', 'directory', 'fit', 'format', 'include', 'model', 'request'].sort(),
    );
    expect(pack.inputSchema.required).toEqual(['directory']);
  });

  it('packs a folder and returns the prompt with its exact token count', async () => {
    const result = await client.callTool({ name: 'pack', arguments: { directory: project.dir } });
    expect(result.isError).toBeFalsy();
    const [summary, prompt] = texts(result);
    expect(writtenFiles(prompt!).sort()).toEqual([
      '.gitignore',
      'notes.md',
      'src/a.ts',
      'src/b.ts',
    ]);
    const tokens = countTokens(prompt!, { disallowedSpecial: new Set() });
    expect(summary).toContain(`${tokens} tokens`);
    expect(result.structuredContent).toEqual({ files: 4, tokens, model: 'default' });
  });

  it('honours include globs', async () => {
    const result = await client.callTool({
      name: 'pack',
      arguments: { directory: project.dir, include: ['src/**/*.ts'] },
    });
    expect(writtenFiles(texts(result)[1]!)).toEqual(['src/a.ts', 'src/b.ts']);
  });

  it('returns failures as tool results', async () => {
    const missing = await client.callTool({
      name: 'pack',
      arguments: { directory: `${project.dir}/missing` },
    });
    expect(missing.isError).toBe(true);
    expect(texts(missing)[0]).toMatch(/is not a folder/);
    const noServer = await client.callTool({ name: 'list_compositions', arguments: {} });
    expect(noServer.isError).toBe(true);
    expect(texts(noServer)[0]).toMatch(/promptloom login/);
  });
});
