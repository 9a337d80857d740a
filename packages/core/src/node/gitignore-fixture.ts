import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFixture } from './test-fixture';

/**
 * Nested ignore cases (the three, and vite/babel-style ones): negations, `**`,
 * anchored and directory-only patterns, escaped `#` and `!`, trailing spaces, character
 * classes, CRLF, unicode names. The browser e2e writes the same tree into OPFS.
 */
export const GITIGNORE_FIXTURE: Record<string, string> = {
  '.gitignore': [
    '# comment',
    'build',
    '*.log',
    '!important.log',
    'CaseDir/',
    '/anchored.txt',
    '\\#hash.txt',
    '\\!bang.txt',
    'trailing.txt   ',
    'spaced\\ .txt',
    'tab.txt\t',
    '**/gen/**',
    'docs/**/*.tmp',
    '/out/',
    'dist-*',
    '*.local',
    '!keep.local',
    'foo/bar/',
    '[Tt]emp/',
    'a?c.txt',
    'file[0-9].txt',
    '[!a]bc.md',
    '[[:digit:]]x.txt',
    'logs/',
    '/vendor/',
    '!/vendor/keep.js',
    'logs2/**',
    '!logs2/keep/',
    'z/**/deep.txt',
    '*.日本',
    'naïve/',
    '',
  ].join('\n'),
  'build/x.js': 'ignored by the root `build` line',
  'tools/.gitignore': '!/build\n',
  'tools/build/out.js': 're-included by tools/.gitignore',
  'tools/build/sub/y.js': 'inside the re-included folder',
  'packages/p/build/z.js': 'still ignored: the negation is anchored to tools/',
  'Upper.LOG': 'kept: git on Linux is case-sensitive',
  'err.log': 'ignored',
  'important.log': 'kept by negation',
  'casedir/a.txt': 'kept: CaseDir/ does not match casedir',
  'CaseDir/b.txt': 'ignored',
  'anchored.txt': 'ignored',
  'sub/anchored.txt': 'kept: the rule is anchored',
  '#hash.txt': 'ignored by the escaped #',
  '!bang.txt': 'ignored by the escaped !',
  'trailing.txt': 'ignored: trailing spaces are trimmed',
  'spaced .txt': 'ignored: the escaped space is kept',
  'tab.txt': 'kept: a trailing tab is not trimmed',
  'a/gen/x.ts': 'ignored',
  'gen/y.ts': 'ignored',
  'genx/ok.ts': 'kept',
  'docs/a/b/c.tmp': 'ignored',
  'docs/c.tmp': 'ignored: ** matches zero folders',
  'docs/readme.md': 'kept',
  'other/c.tmp': 'kept',
  'out/x.txt': 'ignored',
  'sub/out/x.txt': 'kept',
  'packages/app/dist-cjs/i.js': 'ignored',
  'x.local': 'ignored',
  'keep.local': 'kept',
  'foo/bar/z.txt': 'ignored',
  'x/foo/bar/z.txt': 'kept: foo/bar/ is anchored',
  'Temp/t.txt': 'ignored',
  'temp/t.txt': 'ignored',
  'abc.txt': 'ignored',
  'a/c.txt': 'kept',
  'file1.txt': 'ignored',
  'filex.txt': 'kept',
  'xbc.md': 'ignored',
  'abc.md': 'kept',
  '7x.txt': 'ignored',
  'yx.txt': 'kept',
  'x/logs': 'kept: logs/ only matches folders',
  'y/logs/a.txt': 'ignored',
  'vendor/keep.js': 'ignored: its folder is excluded',
  'logs2/a.txt': 'ignored',
  'logs2/keep/f.txt': 'ignored: logs2/** still matches the file',
  'z/deep.txt': 'ignored',
  'z/1/2/deep.txt': 'ignored',
  'z/1/2/shallow.txt': 'kept',
  'x.日本': 'ignored',
  'ünïcödé/ファイル.txt': 'kept',
  'naïve/n.txt': 'ignored',
  'only-logs/a.log': 'ignored: the folder has nothing left',
  'only-logs/deeper/b.log': 'ignored',
  'src/.gitignore': '*.gen.ts\r\n!keep.gen.ts\r\n/local-only/\r\n',
  'src/a.gen.ts': 'ignored',
  'src/keep.gen.ts': 'kept',
  'src/local-only/l.ts': 'ignored',
  'src/deep/local-only/l.ts': 'kept: /local-only/ is anchored to src/',
  'src/deep/b.gen.ts': 'ignored',
  'sub2/.gitignore': '/*\n!/.gitignore\n!/keepme/\n',
  'sub2/keepme/f.txt': 'kept',
  'sub2/other.txt': 'ignored',
  'self/.gitignore': '.gitignore\nself.txt\n',
  'self/self.txt': 'ignored',
  'self/ok.txt': 'kept',
  'node_modules/pkg/index.js': 'core list',
  '.yarn/releases/yarn-4.cjs': 'core list',
  '.yarn/plugins/p.cjs': 'core list',
  '.pnp.cjs': 'core list',
  'package-lock.json': '{}',
  'README.md': '# fixture',
};

/** Writes the fixture, a git repository of it, and two symbolic links git would list. */
export async function writeGitFixture(files: Record<string, string> = GITIGNORE_FIXTURE) {
  const fixture = await writeFixture(files);
  execFileSync('git', ['init', '-q'], { cwd: fixture.dir });
  await symlink('README.md', join(fixture.dir, 'link-to-file.md'));
  await symlink('src', join(fixture.dir, 'link-to-dir'));
  return fixture;
}

/**
 * `git ls-files -co --exclude-standard` (the reference), symbolic links left out: the
 * browser cannot see them, so neither provider lists them (decision 030).
 */
export function gitListedFiles(dir: string, ignoreCase = false): string[] {
  const run = (args: string[]) =>
    execFileSync(
      'git',
      ['-c', `core.ignorecase=${ignoreCase}`, '-c', 'core.quotepath=off', ...args],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
  const listed = run(['ls-files', '-co', '--exclude-standard', '-z']).split('\0').filter(Boolean);
  return listed.filter((path) => !lstatSync(join(dir, path)).isSymbolicLink());
}

/**
 * `git check-ignore -v --no-index`: path -> {source, line, pattern} of the deciding rule
 * (paths need not exist).
 */
export function checkIgnore(dir: string, paths: string[], ignoreCase = false) {
  const args = ['-c', `core.ignorecase=${ignoreCase}`, 'check-ignore', '-v', '-z', '--no-index'];
  const run = spawnSync('git', [...args, '--stdin'], {
    cwd: dir,
    input: paths.join('\0'),
    encoding: 'utf8',
  });
  const fields = run.stdout.split('\0');
  const answers = new Map<string, { source: string; line: number; pattern: string }>();
  for (let i = 0; i + 3 < fields.length; i += 4) {
    const [source, line, pattern, path] = fields.slice(i, i + 4) as [
      string,
      string,
      string,
      string,
    ];
    if (source) answers.set(path, { source, line: Number(line), pattern });
  }
  return answers;
}
