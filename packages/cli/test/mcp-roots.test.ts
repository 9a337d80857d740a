import { generateKeyPairSync } from 'node:crypto';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, makeProject, texts, writtenFiles } from './support';

type McpClient = Awaited<ReturnType<typeof connectMcp>>;

const pack = (client: McpClient, directory: string) =>
  client.callTool({ name: 'pack', arguments: { directory } });

/** A home folder as a user has one: credentials beside a project, and an EC key in notes. */
async function makeHome() {
  const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ format: 'pem', type: 'sec1' })
    .toString();
  const home = await makeProject({
    '.aws/credentials': '[default]\naws_access_key_id = x\n',
    '.aws/config': '[default]\nregion = eu-west-3\n',
    '.git-credentials': 'https://me:hunter22@git.example.com\n',
    '.netrc': 'machine example.com login me password hunter22\n',
    '.npmrc': '//registry.npmjs.org/:_authToken=secret\n',
    '.docker/config.json': '{"auths":{}}\n',
    '.kube/config': 'users: []\n',
    '.ssh/id_ecdsa': ecKey,
    '.ssh/id_ecdsa.pub': 'ecdsa-sha2-nistp256 AAAA me\n',
    'notes/deploy.md': `# Deploy\n\nThe key:\n\n${ecKey}`,
    'project/src/a.ts': 'export const a = 1;\n',
    'project/README.md': '# Project\n',
  });
  // A link inside the project that leads out of it.
  await symlink(join(home.dir, '.aws'), join(home.dir, 'project', 'aws-link'));
  await mkdir(join(home.dir, 'project', 'empty'));
  return { ...home, project: join(home.dir, 'project'), ecKey };
}

describe('promptloom mcp stays in the client’s roots', () => {
  let home: Awaited<ReturnType<typeof makeHome>>;
  let client: McpClient;
  beforeAll(async () => {
    home = await makeHome();
    client = await connectMcp({ PROMPTLOOM_CONFIG_DIR: home.dir }, { roots: [home.project] });
  });
  afterAll(async () => {
    await client.close();
    await home.cleanup();
  });

  it('packs a root and the folders inside it, a relative path from the first root', async () => {
    const whole = await pack(client, home.project);
    expect(whole.isError).toBeFalsy();
    expect(writtenFiles(texts(whole)[1]!).sort()).toEqual(['README.md', 'src/a.ts']);
    const src = await pack(client, join(home.project, 'src'));
    expect(writtenFiles(texts(src)[1]!)).toEqual(['a.ts']);
    const relative = await pack(client, 'src');
    expect(writtenFiles(texts(relative)[1]!)).toEqual(['a.ts']);
    // Without a directory, the first root, as suggest_files takes it.
    const first = await client.callTool({ name: 'pack', arguments: {} });
    expect(first.isError).toBeFalsy();
    expect(writtenFiles(texts(first)[1]!).sort()).toEqual(['README.md', 'src/a.ts']);
  });

  it('refuses a folder outside its roots, through .. or a symbolic link', async () => {
    for (const directory of [
      home.dir,
      join(home.dir, '.aws'),
      join(home.project, '..', '.aws'),
      join(home.project, 'aws-link'),
      '/',
    ]) {
      const result = await pack(client, directory);
      expect(result.isError, directory).toBe(true);
      expect(texts(result)[0]).toMatch(/is outside the folders this server may read/);
      expect(texts(result).join('')).not.toContain('aws_access_key_id');
    }
  });

  it('follows the roots the client declares from then on', async () => {
    await client.roots.set([home.dir]);
    try {
      const result = await pack(client, home.dir);
      expect(result.isError).toBeFalsy();
      const [summary, prompt] = texts(result);
      // The credential files stay out; the EC key in the notes is found and redacted.
      expect(writtenFiles(prompt!).sort()).toEqual([
        '.aws/config',
        '.ssh/id_ecdsa.pub',
        'notes/deploy.md',
        'project/README.md',
        'project/src/a.ts',
      ]);
      expect(prompt).not.toContain(home.ecKey.split('\n')[1]);
      expect(prompt).toContain('[REDACTED:private-key]');
      expect(summary).toMatch(/notes\/deploy\.md:5 private-key/);
      expect(result.structuredContent).toMatchObject({ redacted: true });
    } finally {
      await client.roots.set([home.project]);
    }
    expect((await pack(client, home.dir)).isError).toBe(true);
  });
});

describe('promptloom mcp with a client that declares no roots', () => {
  let home: Awaited<ReturnType<typeof makeHome>>;
  beforeAll(async () => {
    home = await makeHome();
  });
  afterAll(() => home.cleanup());

  it('reads only inside its working directory', async () => {
    const client = await connectMcp({}, { cwd: home.project });
    try {
      expect((await pack(client, home.project)).isError).toBeFalsy();
      expect(writtenFiles(texts(await pack(client, '.'))[1]!).sort()).toEqual([
        'README.md',
        'src/a.ts',
      ]);
      const outside = await pack(client, join(home.dir, 'notes'));
      expect(outside.isError).toBe(true);
      expect(texts(outside)[0]).toContain(home.project);
    } finally {
      await client.close();
    }
  });

  it('reads only inside the --allow-dir folders when given', async () => {
    const notes = join(home.dir, 'notes');
    const client = await connectMcp({}, { cwd: home.project, args: ['--allow-dir', notes] });
    try {
      const inside = await pack(client, notes);
      expect(inside.isError).toBeFalsy();
      expect(writtenFiles(texts(inside)[1]!)).toEqual(['deploy.md']);
      expect((await pack(client, home.project)).isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
