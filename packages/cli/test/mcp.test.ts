import { secretSamples } from '@promptloom/core/secrets/fixtures';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { get_encoding } from 'tiktoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, makeProject, texts, writtenFiles } from './support';

describe('promptloom mcp', () => {
  let client: Awaited<ReturnType<typeof connectMcp>>;
  let project: Awaited<ReturnType<typeof makeProject>>;
  beforeAll(async () => {
    project = await makeProject({
      '.gitignore': 'secret/\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/b.ts': 'export const b = 2;\n',
      'secret/key.txt': 'never packed\n',
      'notes.md': '# Notes\n',
    });
    client = await connectMcp({ PROMPTLOOM_CONFIG_DIR: project.dir }, { roots: [project.dir] });
  });
  afterAll(async () => {
    await client.close();
    await project.cleanup();
  });

  it('lists its four tools with their input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_block',
      'list_compositions',
      'pack',
      'suggest_files',
    ]);
    const pack = tools.find((tool) => tool.name === 'pack')!;
    expect(Object.keys(pack.inputSchema.properties ?? {}).sort()).toEqual(
      [
        'composition',
        'directory',
        'fit',
        'format',
        'include',
        'model',
        'outline',
        'redact',
        'request',
        'secretScan',
      ].sort(),
    );
    // Every argument is optional: the folder defaults to the first root, as suggest_files's.
    expect(pack.inputSchema.required).toBeUndefined();
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
    expect(result.structuredContent).toMatchObject({
      files: 4,
      tokens,
      exact: true,
      model: 'default',
      secrets: [],
    });
  });

  it('honours include globs', async () => {
    const result = await client.callTool({
      name: 'pack',
      arguments: { directory: project.dir, include: ['src/**/*.ts'] },
    });
    expect(writtenFiles(texts(result)[1]!)).toEqual(['src/a.ts', 'src/b.ts']);
  });

  it('counts for a model, fits its budget and reports the secrets found', async () => {
    const [awsId] = secretSamples();
    const extra = await makeProject({
      'keys.ts': `${awsId!.text}\n`,
      'big.txt': 'Plain words that no outline shortens. '.repeat(25_000),
    });
    try {
      await client.roots.set([project.dir, extra.dir]);
      const result = await client.callTool({
        name: 'pack',
        arguments: { directory: extra.dir, model: 'gpt-4o', fit: true, redact: false },
      });
      expect(result.isError).toBeFalsy();
      const [summary, prompt] = texts(result);
      const o200k = get_encoding('o200k_base');
      const tokens = o200k.encode_ordinary(prompt!).length;
      o200k.free();
      const content = result.structuredContent as Record<string, unknown>;
      expect(content).toMatchObject({ tokens, model: 'gpt-4o', budget: 111_616, redacted: false });
      expect(content.fit).toMatchObject({ fits: true, changes: [{ path: 'big.txt', to: 'path' }] });
      expect(content.secrets).toEqual([
        { path: 'keys.ts', line: 1, column: expect.any(Number), rule: 'aws-access-key-id' },
      ]);
      expect(summary).toContain('keys.ts:1 aws-access-key-id');
      expect(prompt).toContain(awsId!.secret);

      // Redacted unless the call says otherwise.
      const redacted = await client.callTool({
        name: 'pack',
        arguments: { directory: extra.dir, include: ['keys.ts'] },
      });
      expect(redacted.structuredContent).toMatchObject({ redacted: true });
      expect(texts(redacted)[1]).toContain('[REDACTED:aws-access-key-id]');
      expect(texts(redacted)[1]).not.toContain(awsId!.secret);
    } finally {
      await extra.cleanup();
    }
  }, 120_000);

  it('marks estimated counts with ≈ as the CLI does, in suggest_files and pack', async () => {
    const line = /^1\. src\/a\.ts \(full, (≈ )?(\d+) tokens\): /;
    const suggest = (model: string) =>
      client.callTool({
        name: 'suggest_files',
        arguments: { request: 'fix src/a.ts', directory: project.dir, model, top: 1 },
      });
    const claude = await suggest('claude-sonnet');
    expect(claude.isError).toBeFalsy();
    expect(texts(claude)[0]).toMatch(line);
    expect(line.exec(texts(claude)[0]!)?.[1]).toBe('≈ ');
    const exact = await suggest('gpt-4o');
    expect(texts(exact)[0]).toMatch(line);
    expect(line.exec(texts(exact)[0]!)?.[1]).toBeUndefined();

    const packed = await client.callTool({
      name: 'pack',
      arguments: { directory: project.dir, model: 'gemini-2.5-pro' },
    });
    expect(texts(packed)[0]).toMatch(/^4 files, ≈ [\d,]+ tokens \(/);
    expect(packed.structuredContent).toMatchObject({ exact: false });
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
