import { link, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { promptloom, tempDir, testProject } from './support';

const OLD = 'export const greet = 1;\nexport const end = true;\n';
const NEW = 'export const greet = 2;\nexport const end = true;\n';

const renamePatch = `${[
  'diff --git a/src/greet.ts b/src/Greet.ts',
  'similarity index 60%',
  'rename from src/greet.ts',
  'rename to src/Greet.ts',
  '--- a/src/greet.ts',
  '+++ b/src/Greet.ts',
  '@@ -1,2 +1,2 @@',
  '-export const greet = 1;',
  '+export const greet = 2;',
  ' export const end = true;',
].join('\n')}\n`;

const deleteCreatePatch = `${[
  'diff --git a/src/greet.ts b/src/greet.ts',
  'deleted file mode 100644',
  '--- a/src/greet.ts',
  '+++ /dev/null',
  '@@ -1,2 +0,0 @@',
  '-export const greet = 1;',
  '-export const end = true;',
  'diff --git a/src/Greet.ts b/src/Greet.ts',
  'new file mode 100644',
  '--- /dev/null',
  '+++ b/src/Greet.ts',
  '@@ -0,0 +1,2 @@',
  '+export const greet = 2;',
  '+export const end = true;',
].join('\n')}\n`;

async function contents(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(join(dir, 'src'))).sort())
    files[name] = await readFile(join(dir, 'src', name), 'utf8');
  return files;
}

async function applyAndUndo(patch: string, caseInsensitive: boolean) {
  const { dir } = await testProject({ 'src/greet.ts': OLD });
  // This disk tells case apart, so a case-insensitive one (macOS, Windows) is stood in for by
  // a hard link: `src/Greet.ts` then names the same device and inode as `src/greet.ts`, which
  // is what lstat answers for both spellings of one file on such a disk.
  if (caseInsensitive) await link(join(dir, 'src/greet.ts'), join(dir, 'src/Greet.ts'));
  const env = { XDG_CACHE_HOME: await tempDir('promptloom-cache-') };
  const run = await promptloom(['apply', '--dir', dir], { env, input: patch });
  const applied = await contents(dir);
  const undo = await promptloom(['apply', '--undo', '--dir', dir], { env });
  return { run, applied, undo, undone: await contents(dir) };
}

describe('promptloom apply: a rename that changes only the case of a name', () => {
  for (const [kind, patch] of [
    ['a rename', renamePatch],
    ['a deletion and a creation', deleteCreatePatch],
  ] as const) {
    it(`takes ${kind} onto the same file under another case, and undoes it`, async () => {
      const { run, applied, undo, undone } = await applyAndUndo(patch, true);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('already exists');
      expect(applied).toEqual({ 'Greet.ts': NEW });
      expect(undo.code, undo.stderr).toBe(0);
      expect(undone).toEqual({ 'greet.ts': OLD });
    });
  }

  it('still renames on a disk that tells case apart, and undoes it', async () => {
    const { run, applied, undo, undone } = await applyAndUndo(renamePatch, false);
    expect(run.code, run.stderr).toBe(0);
    expect(applied).toEqual({ 'Greet.ts': NEW });
    expect(undo.code, undo.stderr).toBe(0);
    expect(undone).toEqual({ 'greet.ts': OLD });
  });

  it('refuses a file of its own under the other case, which is not the same file', async () => {
    const { dir } = await testProject({ 'src/greet.ts': OLD, 'src/Greet.ts': 'other\n' });
    const env = { XDG_CACHE_HOME: await tempDir('promptloom-cache-') };
    const run = await promptloom(['apply', '--dir', dir], { env, input: renamePatch });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('src/Greet.ts already exists');
    expect(await contents(dir)).toEqual({ 'Greet.ts': 'other\n', 'greet.ts': OLD });
  });
});
