import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { promptloom, tempDir, testProject } from './support';

/** Text files of the kinds models edit, with the quirks that must survive. */
const FIXTURE: Record<string, string> = {
  'src/app.ts':
    Array.from({ length: 40 }, (_, k) => `export const v${k} = ${k};`).join('\n') + '\n',
  'src/windows.ts': 'first();\r\nsecond();\r\nthird();\r\n',
  'src/no-newline.ts': 'alpha\nbeta',
  'src/bom.ts': '\uFEFFexport const bom = true;\n',
  'docs/read me.md': '# Read me\n\nHello.\n',
  'src/old.ts':
    'export const a = 1;\nexport const b = 2;\nexport const c = 3;\nexport const d = 4;\n',
  'src/remove.ts': 'export const remove = 1;\n',
};

const project = () => testProject(FIXTURE, { git: true });
const cacheHome = () => tempDir('promptloom-cache-');

/** Every file of a folder but .git/, with its bytes. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries) {
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (!entry.isFile() || path.split('/')[0] === '.git') continue;
    files[path] = (await readFile(join(dir, path))).toString('base64');
  }
  return files;
}

const folders = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !join(entry.parentPath, entry.name).includes('.git'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();

const gitApply = (dir: string, patch: string) =>
  execFileSync('git', ['apply', '--whitespace=nowarn', '-'], { cwd: dir, input: patch });

describe('promptloom apply', () => {
  it('applies a unified diff exactly as git apply does, on files that moved since', async () => {
    const source = await project();
    await writeFile(
      join(source.dir, 'src/app.ts'),
      FIXTURE['src/app.ts']!.replace('v20 = 20', 'v20 = 2000'),
    );
    await writeFile(join(source.dir, 'src/windows.ts'), 'first();\r\nSECOND();\r\nthird();\r\n');
    await writeFile(join(source.dir, 'src/no-newline.ts'), 'alpha\nBETA');
    await writeFile(join(source.dir, 'docs/read me.md'), '# Read me\n\nHello, world.\n');
    await mkdir(join(source.dir, 'src/new'));
    await writeFile(join(source.dir, 'src/new/fresh.ts'), 'export const fresh = 1;\n');
    source.git('mv', 'src/old.ts', 'src/renamed.ts');
    await writeFile(
      join(source.dir, 'src/renamed.ts'),
      FIXTURE['src/old.ts']!.replace('d = 4', 'd = 40'),
    );
    source.git('rm', '-q', 'src/remove.ts');
    source.git('add', '-A');
    const diff = source.git('diff', '--cached', '-M');
    expect(diff).toContain('rename from src/old.ts');

    // Two copies of the original project, where the file has gained lines at the top since.
    const ours = await project();
    const reference = await project();
    for (const copy of [ours, reference]) {
      await writeFile(join(copy.dir, 'src/app.ts'), `// header\n// more\n${FIXTURE['src/app.ts']}`);
    }
    const answer = `Here is the patch:\n\n\`\`\`diff\n${diff}\`\`\`\n\nIt renames old.ts.\n`;
    await writeFile(join(ours.dir, '..', 'answer-diff.md'), answer);
    const run = await promptloom(
      ['apply', join(ours.dir, '..', 'answer-diff.md'), '--dir', ours.dir],
      {
        env: { XDG_CACHE_HOME: await cacheHome() },
      },
    );
    expect(run.code, run.stderr).toBe(0);
    gitApply(reference.dir, diff);
    expect(await snapshot(ours.dir)).toEqual(await snapshot(reference.dir));
    expect(run.stderr).toMatch(/renamed\s+src\/old\.ts → src\/renamed\.ts/);
    expect(run.stderr).toContain('7 files written');
    onTestFinished(() => rm(join(ours.dir, '..', 'answer-diff.md'), { force: true }));
  });

  it('reads other formats from stdin, writes what applies cleanly as git would apply the planned patch, and leaves failed files alone', async () => {
    const answer = [
      'Change the Windows file:',
      'src/windows.ts',
      '```ts',
      '<<<<<<< SEARCH',
      'second();',
      '=======',
      'second(2);',
      '>>>>>>> REPLACE',
      '```',
      '**src/bom.ts**',
      '```ts',
      'export const bom = false;',
      '```',
      '<file path="src/no-newline.ts">',
      'alpha',
      'gamma',
      '</file>',
      'src/app.ts',
      '```ts',
      '<<<<<<< SEARCH',
      'export const v1 = 1;',
      '=======',
      'export const v1 = 100;',
      '>>>>>>> REPLACE',
      '<<<<<<< SEARCH',
      'export const missing = true;',
      '=======',
      'export const found = false;',
      '>>>>>>> REPLACE',
      '```',
    ].join('\n');
    const ours = await project();
    const cache = await cacheHome();
    const env = { XDG_CACHE_HOME: cache };
    const before = await snapshot(ours.dir);

    const dry = await promptloom(['apply', '-', '--dir', ours.dir, '--dry-run', '--json'], {
      env,
      input: answer,
    });
    expect(dry.code).toBe(1);
    expect(await snapshot(ours.dir)).toEqual(before);
    const plan = JSON.parse(dry.stdout) as {
      written: boolean;
      patch: string;
      files: { path: string; status: string }[];
    };
    expect(plan.written).toBe(false);
    expect(plan.files.map((file) => [file.path, file.status])).toEqual([
      ['src/windows.ts', 'modified'],
      ['src/bom.ts', 'modified'],
      ['src/no-newline.ts', 'modified'],
      ['src/app.ts', 'failed'],
    ]);

    const run = await promptloom(['apply', '--dir', ours.dir], { env, input: answer });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('block 5: the search text is not in src/app.ts');
    expect(run.stderr).toContain('3 files written, 1 failed (nothing of it written)');
    const reference = await project();
    gitApply(reference.dir, plan.patch);
    expect(await snapshot(ours.dir)).toEqual(await snapshot(reference.dir));
    const read = (path: string) => readFile(join(ours.dir, path), 'utf8');
    expect(await read('src/windows.ts')).toBe('first();\r\nsecond(2);\r\nthird();\r\n');
    expect(await read('src/bom.ts')).toBe('\uFEFFexport const bom = false;\n');
    expect(await read('src/no-newline.ts')).toBe('alpha\ngamma');
    expect(await read('src/app.ts')).toBe(FIXTURE['src/app.ts']);
  });

  it('undoes the last apply byte for byte, outside the project, leaving files changed since alone', async () => {
    const ours = await project();
    const cache = await cacheHome();
    const env = { XDG_CACHE_HOME: cache };
    const original = await snapshot(ours.dir);
    const originalFolders = await folders(ours.dir);
    const answer = [
      '<file path="src/deep/new/file.ts">',
      'export const created = 1;',
      '</file>',
      '<file path="src/remove.ts" action="delete" />',
      '<file path="src/windows.ts">',
      'rewritten();',
      '</file>',
      '<file path="src/bom.ts">',
      'export const bom = 2;',
      '</file>',
    ].join('\n');
    expect((await promptloom(['apply', '--dir', ours.dir], { env, input: answer })).code).toBe(0);
    expect(
      ours.git('status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean).sort(),
    ).toEqual([
      ' D src/remove.ts',
      ' M src/bom.ts',
      ' M src/windows.ts',
      '?? src/deep/new/file.ts',
    ]);
    // The previous contents are in the user's cache, keyed by the project, not in the project.
    const [kept] = await readdir(join(cache, 'promptloom', 'applies'));
    expect(await readdir(join(cache, 'promptloom', 'applies', kept!))).toHaveLength(1);

    await writeFile(join(ours.dir, 'src/bom.ts'), 'edited by hand after the apply\n');
    const preview = await promptloom(['apply', '--undo', '--dry-run', '--dir', ours.dir], { env });
    expect(preview.stderr).toContain('  restore  src/windows.ts');
    expect(preview.stderr).toContain('  remove   src/deep/new/file.ts');
    expect(preview.stderr).not.toMatch(/restored|removed/);
    expect(preview.stderr).toContain('3 files would be put back, 1 left alone');
    const undo = await promptloom(['apply', '--undo', '--dir', ours.dir], { env });
    expect(undo.code).toBe(1);
    expect(undo.stderr).toContain('src/bom.ts (changed since the apply, left as it is)');
    expect(undo.stderr).toContain('3 files put back, 1 left alone');
    const after = await snapshot(ours.dir);
    expect(after).toEqual({
      ...original,
      'src/bom.ts': Buffer.from('edited by hand after the apply\n').toString('base64'),
    });
    expect(await folders(ours.dir)).toEqual(originalFolders);
    const again = await promptloom(['apply', '--undo', '--dir', ours.dir], { env });
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('nothing to undo') });
  });

  it('keeps the last 10 applies of a project for undo', async () => {
    const ours = await project();
    const cache = await cacheHome();
    for (let k = 0; k < 12; k++) {
      const answer = `<file path="src/count.ts">\nexport const count = ${k};\n</file>\n`;
      expect(
        (
          await promptloom(['apply', '--dir', ours.dir], {
            env: { XDG_CACHE_HOME: cache },
            input: answer,
          })
        ).code,
      ).toBe(0);
    }
    const [key] = await readdir(join(cache, 'promptloom', 'applies'));
    expect(await readdir(join(cache, 'promptloom', 'applies', key!))).toHaveLength(10);
  });

  it('refuses paths outside the project, inside .git or through a link that leaves it, and writes nothing there', async () => {
    const ours = await project();
    const outside = await cacheHome();
    await symlink(outside, join(ours.dir, 'link'));
    const answer = [
      '<file path="../escape.txt">\nx\n</file>',
      '<file path=".git/config">\nx\n</file>',
      '<file path="link/through.txt">\nx\n</file>',
      '<file path="ok.txt">\nok\n</file>',
    ].join('\n');
    const run = await promptloom(['apply', '--dir', ours.dir], {
      env: { XDG_CACHE_HOME: await cacheHome() },
      input: answer,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('../escape.txt is outside the project folder');
    expect(run.stderr).toContain('.git/config is inside .git/, which is never written');
    expect(run.stderr).toContain(
      'link/through.txt: link is a symbolic link, and apply never writes through one',
    );
    expect(await readdir(join(ours.dir, '..'))).not.toContain('escape.txt');
    expect(await readdir(outside)).toEqual([]);
    expect(await readFile(join(ours.dir, 'ok.txt'), 'utf8')).toBe('ok\n');
  });

  it('edits the file a folder spells decomposed when the answer names it composed', async () => {
    const nfd = 'docs/cafe\u0301/me\u0301nu.md';
    const ours = await testProject({ [nfd]: 'croissant\n' });
    const env = { XDG_CACHE_HOME: await cacheHome() };
    const composed = nfd.normalize('NFC');
    const answer = `${composed}\n\`\`\`\n<<<<<<< SEARCH\ncroissant\n=======\npain\n>>>>>>> REPLACE\n\`\`\`\n`;
    const run = await promptloom(['apply', '--dir', ours.dir], { env, input: answer });
    expect(run.code).toBe(0);
    expect(await readFile(join(ours.dir, nfd), 'utf8')).toBe('pain\n');
    expect(Object.keys(await snapshot(ours.dir))).toEqual([nfd]);
  });

  it('exits 2 for bad usage', async () => {
    const ours = await project();
    const env = { XDG_CACHE_HOME: await cacheHome() };
    expect(
      (await promptloom(['apply', join(ours.dir, 'no-such-answer.md'), '--dir', ours.dir], { env }))
        .code,
    ).toBe(2);
    expect(
      (await promptloom(['apply', '--dir', join(ours.dir, 'src/app.ts')], { env, input: '' })).code,
    ).toBe(2);
    expect(
      (await promptloom(['apply', 'answer.md', '--undo', '--dir', ours.dir], { env })).code,
    ).toBe(2);
    expect((await promptloom(['apply', '--no-such-flag'], { env })).code).toBe(2);
  });
});
