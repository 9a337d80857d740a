import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, texts, writtenFiles } from './support';

const run = promisify(execFile);
const checkout = fileURLToPath(new URL('../../..', import.meta.url));
const cliPackage = JSON.parse(
  await readFile(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

describe('npm run cli:install', () => {
  let prefix: string;
  let home: string;
  let project: Awaited<ReturnType<typeof makeProject>>;
  /** A user's environment: npm's global prefix is the temporary one, its bin on PATH. */
  let env: Record<string, string>;
  beforeAll(async () => {
    prefix = await mkdtemp(join(tmpdir(), 'promptloom-prefix-'));
    home = await mkdtemp(join(tmpdir(), 'promptloom-home-'));
    project = await makeProject({ 'src/a.ts': 'export const a = 1;\n', 'README.md': '# A\n' });
    env = {
      PATH: [join(prefix, 'bin'), process.env.PATH ?? ''].join(delimiter),
      HOME: home,
      NPM_CONFIG_PREFIX: prefix,
    };
    await run('npm', ['run', 'cli:install'], { cwd: checkout, env, maxBuffer: 16 * 1024 * 1024 });
  }, 600_000);
  afterAll(async () => {
    await project.cleanup();
    await rm(prefix, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  });

  it('installs a self-contained promptloom under the prefix, and a tarball to share', async () => {
    const installed = join(prefix, 'lib', 'node_modules', 'promptloom');
    expect(await realpath(join(prefix, 'bin', 'promptloom'))).toBe(
      join(installed, 'bin', 'promptloom.js'),
    );
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({ name: 'promptloom', version: cliPackage.version });
    expect(manifest.dependencies).toBeUndefined();
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
    expect(
      existsSync(join(checkout, `packages/cli/release/promptloom-${cliPackage.version}.tgz`)),
    ).toBe(true);
  });

  it('answers --version from another folder', async () => {
    const { stdout } = await run('promptloom', ['--version'], { cwd: project.dir, env });
    expect(stdout.trim()).toBe(cliPackage.version);
  });

  it('serves MCP from another folder, as the README’s snippets start it', async () => {
    const client = new Client({ name: 'install-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: 'promptloom',
        args: ['mcp'],
        cwd: project.dir,
        env,
        stderr: 'pipe',
      }),
    );
    try {
      const result = await client.callTool({ name: 'pack', arguments: { directory: '.' } });
      expect(result.isError).toBeFalsy();
      expect(writtenFiles(texts(result)[1]!).sort()).toEqual(['README.md', 'src/a.ts']);
    } finally {
      await client.close();
    }
  });
});
