import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect, RefusedOnDisk, writeSafely } from '../src/apply/safe-fs';
import { promptloom, tempDir, testProject } from './support';

/** A git repository holding `files`, every link made before the commit, status clean. */
async function repo(files: Record<string, string>, links: Record<string, string> = {}) {
  const made = await testProject(files);
  for (const [path, target] of Object.entries(links)) await symlink(target, join(made.dir, path));
  made.git('init', '-q', '-b', 'main');
  made.git('add', '-A');
  made.git('commit', '-q', '-m', 'fixture');
  return made;
}

const apply = async (dir: string, answer: string, extra: string[] = []) =>
  promptloom(['apply', '--dir', dir, ...extra], {
    env: { XDG_CACHE_HOME: await tempDir('promptloom-cache-') },
    input: answer,
  });

const file = (path: string, text: string) => `<file path="${path}">\n${text}</file>`;
const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

describe('promptloom apply never writes through a symbolic link', () => {
  it('refuses meta/config when meta -> .git, and git sees .git untouched', async () => {
    const project = await repo({ 'README.md': '# p\n' }, { meta: '.git' });
    const config = await readFile(join(project.dir, '.git/config'));
    const answer = [
      file('meta/config', '[core]\n\tfsmonitor = "touch pwned"\n'),
      file('meta/hooks/pre-commit', '#!/bin/sh\ntouch pwned\n'),
      '<file path="meta/HEAD" action="delete" />',
      file('README.md', '# p, edited\n'),
    ].join('\n');
    const run = await apply(project.dir, answer);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'meta/config: meta is a symbolic link, and apply never writes through one',
    );
    expect(run.stderr).toContain('meta/hooks/pre-commit: meta is a symbolic link');
    expect(run.stderr).toContain('meta/HEAD: meta is a symbolic link');
    expect(await readFile(join(project.dir, '.git/config'))).toEqual(config);
    expect(await exists(join(project.dir, '.git/hooks/pre-commit'))).toBe(false);
    expect(await exists(join(project.dir, '.git/HEAD'))).toBe(true);
    expect(() => project.git('config', '--get', 'core.fsmonitor')).toThrow();
    expect(project.git('status', '--porcelain')).toBe(' M README.md\n');
    expect(await exists(join(project.dir, 'pwned'))).toBe(false);
  });

  it('refuses a dangling link and a link to a file outside: nothing is created or changed there', async () => {
    const outside = await tempDir('promptloom-outside-');
    await writeFile(join(outside, 'keys'), 'ssh-ed25519 AAAA me\n');
    const project = await repo(
      { 'a.txt': 'a\n' },
      { 'notes.md': join(outside, 'authorized_keys'), 'keys.txt': join(outside, 'keys') },
    );
    const answer = [
      file('notes.md', 'ssh-ed25519 EVIL attacker\n'),
      'keys.txt',
      '```',
      '<<<<<<< SEARCH',
      'ssh-ed25519 AAAA me',
      '=======',
      'ssh-ed25519 EVIL attacker',
      '>>>>>>> REPLACE',
      '```',
      '<file path="keys.txt" action="delete" />',
    ].join('\n');
    const run = await apply(project.dir, answer);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('notes.md: notes.md is a symbolic link');
    expect(run.stderr).toContain('keys.txt: keys.txt is a symbolic link');
    expect(run.stderr).toContain('0 files written');
    expect(await readdir(outside)).toEqual(['keys']);
    expect(await readFile(join(outside, 'keys'), 'utf8')).toBe('ssh-ed25519 AAAA me\n');
    expect((await lstat(join(project.dir, 'keys.txt'))).isSymbolicLink()).toBe(true);
    expect(project.git('status', '--porcelain')).toBe('');
  });

  it('refuses writes, deletions and renames through a link to a folder outside', async () => {
    const outside = await tempDir('promptloom-outside-');
    await writeFile(join(outside, 'lib.js'), 'export {};\n');
    const project = await repo({ 'src/a.ts': 'a\n' }, { vendor: outside });
    const answer = [
      file('vendor/new.js', 'evil();\n'),
      '<file path="vendor/lib.js" action="delete" />',
      'diff --git a/src/a.ts b/vendor/a.ts',
      'similarity index 100%',
      'rename from src/a.ts',
      'rename to vendor/a.ts',
      'diff --git a/vendor/lib.js b/src/lib.js',
      'similarity index 100%',
      'rename from vendor/lib.js',
      'rename to src/lib.js',
    ].join('\n');
    const run = await apply(project.dir, answer);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('0 files written');
    expect(await readdir(outside)).toEqual(['lib.js']);
    expect(await readFile(join(project.dir, 'src/a.ts'), 'utf8')).toBe('a\n');
    expect(project.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('refuses a FIFO in a file’s place without waiting on it', async () => {
    const project = await repo({ 'a.txt': 'a\n' });
    execFileSync('mkfifo', [join(project.dir, 'pipe.md')]);
    const run = await apply(project.dir, `${file('pipe.md', 'x\n')}\n${file('a.txt', 'b\n')}`);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('"pipe.md" is not a file path');
    expect(await readFile(join(project.dir, 'a.txt'), 'utf8')).toBe('b\n');
  });

  it('refuses a file-versus-folder clash at planning, before writing anything of it', async () => {
    const project = await repo({ 'src/app.ts': 'app\n', 'docs/guide.md': 'guide\n' });
    const answer = [
      file('src/app.ts/extra.ts', 'x\n'),
      file('docs', 'not a folder\n'),
      file('new/a', 'a file\n'),
      file('new/a/b.md', 'needs new/a as a folder\n'),
      file('ok.txt', 'ok\n'),
    ].join('\n');
    const run = await apply(project.dir, answer);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'src/app.ts/extra.ts cannot be written: src/app.ts would have to be both a file and a folder',
    );
    expect(run.stderr).toContain('docs cannot be written: docs would have to be both');
    expect(run.stderr).toContain('new/a/b.md cannot be written: new/a would have to be both');
    expect(run.stderr).toContain('1 file written, 4 failed');
    expect(await exists(join(project.dir, 'new'))).toBe(false);
    expect(project.git('status', '--porcelain', '--untracked-files=all')).toBe('?? ok.txt\n');
  });

  it('undo re-checks its paths: a link put in place since the apply is never written through', async () => {
    const outside = await tempDir('promptloom-outside-');
    const project = await repo({ 'src/app.ts': 'app\n' });
    const cache = await tempDir('promptloom-cache-');
    const env = { XDG_CACHE_HOME: cache };
    const answer = `${file('src/app.ts', 'app 2\n')}\n${file('docs/new.md', 'new\n')}`;
    expect((await promptloom(['apply', '--dir', project.dir], { env, input: answer })).code).toBe(
      0,
    );
    // Both paths are swapped for links to outside copies holding what the apply wrote.
    await writeFile(join(outside, 'app.ts'), 'app 2\n');
    await mkdir(join(outside, 'docs'));
    await writeFile(join(outside, 'docs/new.md'), 'new\n');
    await unlink(join(project.dir, 'src/app.ts'));
    await symlink(join(outside, 'app.ts'), join(project.dir, 'src/app.ts'));
    await rm(join(project.dir, 'docs'), { recursive: true });
    await symlink(join(outside, 'docs'), join(project.dir, 'docs'));

    const undo = await promptloom(['apply', '--undo', '--dir', project.dir], { env });
    expect(undo.code).toBe(1);
    expect(undo.stderr).toContain('refused  src/app.ts (src/app.ts: src/app.ts is a symbolic link');
    expect(undo.stderr).toContain('refused  docs/new.md (docs/new.md: docs is a symbolic link');
    expect(undo.stderr).toContain('0 files put back, 2 left alone');
    expect(await readFile(join(outside, 'app.ts'), 'utf8')).toBe('app 2\n');
    expect(await readdir(join(outside, 'docs'))).toEqual(['new.md']);
    expect(undo.stderr).toContain('this undo is kept');

    // The links gone, the same undo puts the files back.
    await unlink(join(project.dir, 'src/app.ts'));
    await writeFile(join(project.dir, 'src/app.ts'), 'app 2\n');
    await unlink(join(project.dir, 'docs'));
    await mkdir(join(project.dir, 'docs'));
    await writeFile(join(project.dir, 'docs/new.md'), 'new\n');
    const again = await promptloom(['apply', '--undo', '--dir', project.dir], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('2 files put back');
    expect(await readFile(join(project.dir, 'src/app.ts'), 'utf8')).toBe('app\n');
    expect(existsSync(join(project.dir, 'docs/new.md'))).toBe(false);
  });

  it('refuses a project folder inside .git', async () => {
    const project = await repo({ 'a.txt': 'a\n' });
    const run = await apply(join(project.dir, '.git'), file('config', 'x\n'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is inside .git/, which is never written');
  });
});

describe('the check just before each write', () => {
  it('refuses a link swapped in after the plan looked, for a file and for a folder on the way', async () => {
    const root = await tempDir('promptloom-race-');
    const outside = await tempDir('promptloom-outside-');
    await mkdir(join(root, 'sub'));
    expect(await inspect(root, 'notes.md')).toEqual({ kind: 'missing', missing: ['notes.md'] });
    expect(await inspect(root, 'sub/a.txt')).toEqual({ kind: 'missing', missing: ['sub/a.txt'] });
    await symlink(join(outside, 'notes.md'), join(root, 'notes.md'));
    await rm(join(root, 'sub'), { recursive: true });
    await symlink(outside, join(root, 'sub'));
    const bytes = new TextEncoder().encode('x\n');
    await expect(writeSafely(root, 'notes.md', bytes)).rejects.toBeInstanceOf(RefusedOnDisk);
    await expect(writeSafely(root, 'sub/a.txt', bytes)).rejects.toThrow(
      'sub/a.txt: sub is a symbolic link',
    );
    await expect(writeSafely(root, 'sub/deeper/a.txt', bytes)).rejects.toBeInstanceOf(
      RefusedOnDisk,
    );
    expect(await readdir(outside)).toEqual([]);
  });
});
