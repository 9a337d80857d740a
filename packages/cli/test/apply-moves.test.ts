import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { promptloom, tempDir, testProject } from './support';

const FILES = {
  'src/a.ts': 'export const a = 1;\nexport const end = true;\n',
  'src/b.ts': 'export const b = 2;\nexport const end = true;\n',
  'src/keep.ts': 'export const keep = 3;\n',
};

const project = () => testProject(FILES);

async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files[relative(dir, join(entry.parentPath, entry.name))] = await readFile(
        join(entry.parentPath, entry.name),
        'utf8',
      );
  }
  return files;
}

const rename = (from: string, to: string, old: string, now: string) => [
  `diff --git a/${from} b/${to}`,
  'similarity index 60%',
  `rename from ${from}`,
  `rename to ${to}`,
  `--- a/${from}`,
  `+++ b/${to}`,
  '@@ -1,2 +1,2 @@',
  `-${old}`,
  `+${now}`,
  ' export const end = true;',
];

async function applyBoth(patch: string) {
  const ours = await project();
  const reference = await project();
  const env = { XDG_CACHE_HOME: await tempDir('promptloom-cache-') };
  const run = await promptloom(['apply', '--dir', ours.dir], { env, input: patch });
  let gitOk = true;
  try {
    execFileSync('git', ['apply', '-'], { cwd: reference.dir, input: patch, stdio: 'pipe' });
  } catch {
    gitOk = false;
  }
  return { ours, reference, run, gitOk, env };
}

describe('promptloom apply: renames onto paths the answer frees', () => {
  it('writes a chain a → b → c as git apply does, and undoes it byte for byte', async () => {
    const patch = `${[
      ...rename('src/a.ts', 'src/b.ts', 'export const a = 1;', 'export const a = 10;'),
      ...rename('src/b.ts', 'src/c.ts', 'export const b = 2;', 'export const b = 20;'),
    ].join('\n')}\n`;
    const { ours, reference, run, gitOk, env } = await applyBoth(patch);
    expect(gitOk).toBe(true);
    expect(run.code, run.stderr).toBe(0);
    expect(await snapshot(ours.dir)).toEqual(await snapshot(reference.dir));
    expect(await readFile(join(ours.dir, 'src/b.ts'), 'utf8')).toContain('a = 10');

    const undo = await promptloom(['apply', '--undo', '--dir', ours.dir], { env });
    expect(undo.code, undo.stderr).toBe(0);
    expect(await snapshot(ours.dir)).toEqual(FILES);
  });

  it('swaps two files as git apply does', async () => {
    const patch = `${[
      ...rename('src/a.ts', 'src/b.ts', 'export const a = 1;', 'export const a = 1;'),
      ...rename('src/b.ts', 'src/a.ts', 'export const b = 2;', 'export const b = 2;'),
    ].join('\n')}\n`;
    const { ours, reference, run, gitOk } = await applyBoth(patch);
    expect(gitOk).toBe(true);
    expect(run.code, run.stderr).toBe(0);
    expect(await snapshot(ours.dir)).toEqual(await snapshot(reference.dir));
    expect(await readFile(join(ours.dir, 'src/a.ts'), 'utf8')).toBe(FILES['src/b.ts']);
  });

  it('renames a file away and creates the same text in its place, as git apply does', async () => {
    const patch = `${[
      ...rename('src/a.ts', 'src/moved.ts', 'export const a = 1;', 'export const a = 2;'),
      'diff --git a/src/a.ts b/src/a.ts',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/src/a.ts',
      '@@ -0,0 +1,2 @@',
      '+export const a = 1;',
      '+export const end = true;',
    ].join('\n')}\n`;
    const { ours, reference, run, gitOk } = await applyBoth(patch);
    expect(gitOk).toBe(true);
    expect(run.code, run.stderr).toBe(0);
    expect(await snapshot(ours.dir)).toEqual(await snapshot(reference.dir));
    expect(await readFile(join(ours.dir, 'src/a.ts'), 'utf8')).toBe(FILES['src/a.ts']);
  });

  it('writes nothing of a chain whose second rename fails, as git apply refuses it', async () => {
    const patch = `${[
      ...rename('src/a.ts', 'src/b.ts', 'export const a = 1;', 'export const a = 10;'),
      ...rename('src/b.ts', 'src/c.ts', 'export const nope = 0;', 'export const b = 20;'),
    ].join('\n')}\n`;
    const { ours, run, gitOk } = await applyBoth(patch);
    expect(gitOk).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('src/b.ts is not written');
    expect(await snapshot(ours.dir)).toEqual(FILES);
  });
});
