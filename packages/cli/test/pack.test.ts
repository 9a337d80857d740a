import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORE_SYSTEM_IGNORE_PATTERNS } from '@promptloom/core';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { makeProject, promptloom, writtenFiles } from './support';

const count = (text: string) => countTokens(text, { disallowedSpecial: new Set() });

let project: Awaited<ReturnType<typeof makeProject>>;
const big = 'x'.repeat(1024 * 1024 + 10);
/** Binary by its content (a NUL byte), not by its extension. */
const blob = new Uint8Array([0x01, 0x02, 0, 0x03]);

beforeAll(async () => {
  project = await makeProject(
    {
      '.gitignore': 'dist/\n*.log\n',
      'README.md': '# Fixture\n',
      'src/index.ts': 'export const answer = 42;\n',
      'src/util/strings.ts': 'export const upper = (s: string) => s.toUpperCase();\n',
      'src/util/.gitignore': 'generated.ts\n!keep.log\n',
      'src/util/generated.ts': 'ignored by the nested .gitignore\n',
      'src/util/keep.log': 're-included by the nested .gitignore\n',
      'debug.log': 'ignored by the root .gitignore\n',
      'dist/bundle.js': 'ignored build output\n',
      'node_modules/dep/index.js': 'core list\n',
      'package-lock.json': '{}\n',
      'docs/guide.md': 'Read me first.\n',
      'assets/logo.png': blob,
      'assets/blob.dat': blob,
      'data/huge.txt': big,
    },
    { git: true },
  );
});
afterAll(() => project.cleanup());

/**
 * The reference of what is packed: `git ls-files -co --exclude-standard`, minus what git
 * itself says the core list ignores (check-ignore with the list as an excludes file, so
 * tracked files like a committed node_modules/ are judged too).
 */
async function gitFiles(dir: string): Promise<string[]> {
  const excludes = join(tmpdir(), `promptloom-core-excludes-${process.pid}`);
  await writeFile(excludes, CORE_SYSTEM_IGNORE_PATTERNS.join('\n'));
  const git = (args: string[], input?: string) =>
    spawnSync('git', ['-c', `core.excludesFile=${excludes}`, ...args], {
      cwd: dir,
      encoding: 'utf8',
      input,
    }).stdout;
  const listed = git(['ls-files', '-co', '--exclude-standard']).split('\n').filter(Boolean);
  const ignored = new Set(
    git(['check-ignore', '--no-index', '--stdin'], listed.join('\n')).split('\n'),
  );
  return listed.filter((path) => !ignored.has(path)).sort();
}

describe('promptloom pack', () => {
  it('writes exactly git’s files minus the core list, binary and >1 MB files, with an exact count', async () => {
    const out = join(project.dir, '..', `out-${process.pid}.txt`);
    const run = await promptloom(['pack', project.dir, '-o', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const prompt = await readFile(out, 'utf8');
    const expected = (await gitFiles(project.dir)).filter(
      (path) => path !== 'assets/blob.dat' && path !== 'data/huge.txt',
    );
    expect(expected).toContain('src/util/keep.log');
    expect(expected).not.toContain('node_modules/dep/index.js');
    expect(writtenFiles(prompt).sort()).toEqual(expected);
    expect(run.stderr).toContain(`${count(prompt).toLocaleString('en-US')} tokens`);
    expect(run.stderr).toContain('skipped data/huge.txt (too-large)');
    expect(run.stderr).toMatch(/Largest files:\n\s+[\d,]+\s+\S+/);
  });

  it('prints the prompt on stdout and only messages on stderr; --json gives the summary', async () => {
    const plain = await promptloom(['pack', project.dir]);
    expect(writtenFiles(plain.stdout)).toContain('src/index.ts');
    expect(plain.stderr).not.toContain('File: ');
    const json = await promptloom(['pack', project.dir, '--json'], { env: { NO_COLOR: '1' } });
    expect(json.code).toBe(0);
    const summary = JSON.parse(json.stdout) as {
      files: number;
      tokens: number;
      largestFiles: { path: string; tokens: number }[];
      skipped: { path: string; reason: string }[];
      prompt: string;
    };
    expect(summary.prompt).toBe(plain.stdout);
    expect(summary.tokens).toBe(count(plain.stdout));
    expect(summary.files).toBe(writtenFiles(plain.stdout).length);
    expect(summary.largestFiles.length).toBeLessThanOrEqual(5);
    expect(summary.largestFiles[0]!.tokens).toBeGreaterThanOrEqual(
      summary.largestFiles.at(-1)!.tokens,
    );
    expect(summary.skipped).toEqual(
      expect.arrayContaining([
        { path: 'assets/blob.dat', reason: 'binary' },
        { path: 'data/huge.txt', reason: 'too-large' },
      ]),
    );
    expect(json.stderr).toBe('');
  });

  it('--format renders the same files in another format', async () => {
    const run = await promptloom(['pack', project.dir, '--format', 'xml', '--include', 'src/']);
    expect(run.code).toBe(0);
    const paths = [...run.stdout.matchAll(/<file path="([^"]+)"/g)].map((match) => match[1]);
    expect(paths.sort()).toEqual([
      'src/index.ts',
      'src/util/.gitignore',
      'src/util/keep.log',
      'src/util/strings.ts',
    ]);
    expect(run.stderr).toContain(`${count(run.stdout).toLocaleString('en-US')} tokens`);
    const bad = await promptloom(['pack', project.dir, '--format', 'yaml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown format "yaml"/);
  });

  it('--include and --ignore take gitignore-style globs', async () => {
    const included = await promptloom([
      'pack',
      project.dir,
      '--include',
      'src/',
      '--include',
      '*.md',
    ]);
    expect(writtenFiles(included.stdout).sort()).toEqual([
      'README.md',
      'docs/guide.md',
      'src/index.ts',
      'src/util/.gitignore',
      'src/util/keep.log',
      'src/util/strings.ts',
    ]);
    const ignored = await promptloom([
      'pack',
      project.dir,
      '--ignore',
      'src/util/',
      '--ignore',
      'docs',
    ]);
    expect(writtenFiles(ignored.stdout).sort()).toEqual([
      '.gitignore',
      'README.md',
      'src/index.ts',
    ]);
    // The structure still shows every listed file, as in the app with a partial selection.
    expect(included.stdout).toContain('guide.md');
  });

  it('--changed packs files changed against a ref, working tree and untracked included', async () => {
    await writeFile(join(project.dir, 'src/index.ts'), 'export const answer = 43;\n');
    await writeFile(join(project.dir, 'src/new.ts'), 'export {};\n');
    try {
      const run = await promptloom(['pack', project.dir, '--changed']);
      expect(run.code).toBe(0);
      expect(writtenFiles(run.stdout).sort()).toEqual(['src/index.ts', 'src/new.ts']);
      const head = project.git('rev-parse', 'HEAD').trim();
      const same = await promptloom([
        'pack',
        project.dir,
        '--changed',
        head,
        '--include',
        'src/new.ts',
      ]);
      expect(writtenFiles(same.stdout)).toEqual(['src/new.ts']);
      const bad = await promptloom(['pack', project.dir, '--changed', 'no-such-ref']);
      expect(bad.code).toBe(2);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      project.git('checkout', '--', 'src/index.ts');
      execFileSync('rm', [join(project.dir, 'src/new.ts')]);
    }
  });

  it('fails with one line and a meaningful exit code, never a stack trace', async () => {
    const cases: [string[], number, RegExp][] = [
      [['pack', join(project.dir, 'missing')], 2, /is not a folder/],
      [['pack', project.dir, '--model', 'nope'], 2, /unknown model "nope"/],
      [['pack', project.dir, '--composition', 'Review'], 2, /promptloom login/],
    ];
    for (const [args, code, message] of cases) {
      const run = await promptloom(args, { env: { PROMPTLOOM_CONFIG_DIR: project.dir } });
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stdout).toBe('');
    }
    const unknownOption = await promptloom(['pack', '--bogus']);
    expect(unknownOption.code).toBe(2);
  });

  it('reaches no server it cannot: one line and exit 1', async () => {
    const run = await promptloom(['pack', project.dir, '--composition', 'Review'], {
      env: { PROMPTLOOM_SERVER: 'http://127.0.0.1:9', PROMPTLOOM_TOKEN: 'plt_x' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^error cannot reach the Promptloom server at http:\/\/127\.0\.0\.1:9/,
    );
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('packs when the cache folder cannot be written, caches nothing and says nothing', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'promptloom-blocked-'));
    onTestFinished(() => rm(scratch, { recursive: true, force: true }));
    const blocked = join(scratch, 'cache');
    await writeFile(blocked, 'a file where the cache folder should be\n');
    const writable = join(scratch, 'writable');
    const variants = [[], ['--suggest', 'uppercase strings'], ['--fit']];
    for (const variant of variants) {
      const args = ['pack', project.dir, ...variant, '--json'];
      const reference = await promptloom(args, { env: { PROMPTLOOM_CACHE_DIR: writable } });
      expect(reference.code, variant.join(' ')).toBe(0);
      for (let run = 0; run < 2; run++) {
        const packed = await promptloom(args, { env: { PROMPTLOOM_CACHE_DIR: blocked } });
        expect(packed.code, variant.join(' ')).toBe(0);
        expect(packed.stderr).toBe('');
        const { prompt, tokens } = JSON.parse(packed.stdout) as { prompt: string; tokens: number };
        const expected = JSON.parse(reference.stdout) as { prompt: string; tokens: number };
        expect(prompt).toBe(expected.prompt);
        expect(tokens).toBe(expected.tokens);
      }
    }
    expect((await stat(blocked)).isFile()).toBe(true);
    expect(await readFile(blocked, 'utf8')).toBe('a file where the cache folder should be\n');
  });
});
