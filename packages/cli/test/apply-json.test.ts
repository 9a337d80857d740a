import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { promptloom, tempDir, testProject } from './support';

const ANSWER = '<file path="a.txt">\nchanged\n</file>\n<file path="b/new.txt">\nnew\n</file>\n';

describe('promptloom apply --json', () => {
  it('previews with --dry-run (nothing written) and, alone, writes and says what it wrote', async () => {
    const project = await testProject({ 'a.txt': 'a\n' });
    const env = { XDG_CACHE_HOME: await tempDir('promptloom-cache-') };

    const preview = await promptloom(['apply', '--dir', project.dir, '--json', '--dry-run'], {
      env,
      input: ANSWER,
    });
    expect(preview.code).toBe(0);
    expect(JSON.parse(preview.stdout)).toMatchObject({
      dryRun: true,
      written: false,
      writtenPaths: [],
      files: [
        { path: 'a.txt', status: 'modified' },
        { path: 'b/new.txt', status: 'new' },
      ],
    });
    expect(await readFile(join(project.dir, 'a.txt'), 'utf8')).toBe('a\n');
    expect(await readdir(project.dir)).toEqual(['a.txt']);

    const run = await promptloom(['apply', '--dir', project.dir, '--json'], { env, input: ANSWER });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      dryRun: false,
      written: true,
      writtenPaths: ['a.txt', 'b/new.txt'],
    });
    expect(await readFile(join(project.dir, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(await readFile(join(project.dir, 'b/new.txt'), 'utf8')).toBe('new\n');
  });

  it('says in --help that --json alone writes', async () => {
    const help = await promptloom(['apply', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('without --dry-run the answer is written');
    expect(help.stdout).toContain('--dry-run --json   preview as JSON, writes nothing');
  });
});

describe('promptloom apply inside the Promptloom checkout', () => {
  /** A folder that looks like the checkout: the root manifest named promptloom, with workspaces. */
  async function fakeCheckout(): Promise<string> {
    const dir = await tempDir('promptloom-checkout-');
    const manifest = { name: 'promptloom', private: true, workspaces: ['packages/cli'] };
    await writeFile(join(dir, 'package.json'), JSON.stringify(manifest));
    await mkdir(join(dir, 'packages/cli'), { recursive: true });
    await writeFile(join(dir, 'a.txt'), 'a\n');
    return dir;
  }

  it('refuses without --dir, from the checkout or a folder in it, and writes nothing', async () => {
    const checkout = await fakeCheckout();
    const env = { XDG_CACHE_HOME: await tempDir('promptloom-cache-') };
    for (const cwd of [checkout, join(checkout, 'packages/cli')]) {
      for (const extra of [[], ['--dry-run'], ['--undo']]) {
        const input = extra[0] === '--undo' ? undefined : ANSWER;
        const run = await promptloom(['apply', ...extra], { cwd, env, input });
        expect(run.code, `${cwd} ${extra.join(' ')}`).toBe(2);
        expect(run.stderr).toContain('is inside the Promptloom checkout');
        expect(run.stderr).toContain('give --dir . to edit Promptloom');
      }
    }
    expect(await readFile(join(checkout, 'a.txt'), 'utf8')).toBe('a\n');
    expect((await readdir(checkout)).sort()).toEqual(['a.txt', 'package.json', 'packages']);
  });

  it('edits the checkout with --dir . given', async () => {
    const checkout = await fakeCheckout();
    const env = { XDG_CACHE_HOME: await tempDir('promptloom-cache-') };
    const run = await promptloom(['apply', '--dir', '.'], { cwd: checkout, env, input: ANSWER });
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(join(checkout, 'a.txt'), 'utf8')).toBe('changed\n');
  });

  it('recognises this repository itself', async () => {
    const repository = fileURLToPath(new URL('../../..', import.meta.url));
    const env = { XDG_CACHE_HOME: await tempDir('promptloom-cache-') };
    for (const cwd of [repository, join(repository, 'packages/cli')]) {
      const run = await promptloom(['apply', '--dry-run'], { cwd, env, input: ANSWER });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('is inside the Promptloom checkout');
    }
  });

  it('applies as before without --dir in any other folder', async () => {
    const project = await testProject({ 'a.txt': 'a\n' });
    const env = { XDG_CACHE_HOME: await tempDir('promptloom-cache-') };
    const run = await promptloom(['apply'], { cwd: project.dir, env, input: ANSWER });
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(join(project.dir, 'a.txt'), 'utf8')).toBe('changed\n');
  });
});
