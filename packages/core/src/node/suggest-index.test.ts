import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CORE_SYSTEM_IGNORE_PATTERNS } from '../ignore/core-system-patterns';
import { rankFiles } from '../suggest/rank';
import { PASSAGE_FIXTURE, SUGGEST_FIXTURE } from '../suggest/fixture';
import { gitHistory, gitRecency } from './git-recency';
import { indexFile } from '../suggest/index-file';
import { loadSuggestIndex } from './suggest-index';
import { removeFile, writeFixture, writeText } from './test-fixture';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setUp(files: Record<string, string>) {
  const project = await writeFixture(files);
  const cacheDir = await mkdtemp(join(tmpdir(), 'promptloom-cache-'));
  cleanups.push(project.cleanup, () => rm(cacheDir, { recursive: true, force: true }));
  const load = () =>
    loadSuggestIndex(project.dir, { corePatterns: CORE_SYSTEM_IGNORE_PATTERNS, cacheDir });
  return { dir: project.dir, load };
}

describe('loadSuggestIndex', () => {
  it('indexes each file once, then again only when its content changes', async () => {
    const { dir, load } = await setUp({
      ...SUGGEST_FIXTURE,
      ...PASSAGE_FIXTURE.files,
      '.gitignore': 'ignored/\n',
      'ignored/x.ts': 'x',
      'cli/args.py': 'parser.add_argument("--dry-run", action="store_true")\n',
      'go.mod': 'module example.com/app\n',
    });
    const first = await load();
    expect(first.indexed).toBe(
      Object.keys(SUGGEST_FIXTURE).length + Object.keys(PASSAGE_FIXTURE.files).length + 3,
    );
    expect(first.index.byPath.has('ignored/x.ts')).toBe(false);
    const cached = await load();
    expect(cached.indexed).toBe(0);
    // A cached entry is the entry indexed: passages of a long file included.
    const long = first.index.files[first.index.byPath.get(PASSAGE_FIXTURE.answer)!]!;
    expect(long.passages).toBeDefined();
    // …and the flags a file defines.
    expect(cached.index.files[cached.index.byPath.get('cli/args.py')!]!.flags).toEqual(['dryrun']);
    // …and a go.mod's module path, which Go imports resolve through.
    expect(cached.index.files[cached.index.byPath.get('go.mod')!]!.goModule).toBe(
      'example.com/app',
    );
    expect(cached.index.files).toEqual(first.index.files);

    await writeText(dir, 'app/net/session.py', 'def nothing():\n    pass\n');
    await removeFile(dir, 'web/src/billing/invoices.ts');
    const edited = await load();
    expect(edited.indexed).toBe(1);
    expect(edited.index.byPath.has('web/src/billing/invoices.ts')).toBe(false);
    const ranked = rankFiles('make the jitter of the backoff smaller', edited.index);
    expect(ranked.map((file) => file.path)).not.toContain('app/net/session.py');
    // The cached entries rank as fresh ones do.
    const fresh = rankFiles('fix `computeChecksum`', edited.index).map((file) => file.path);
    const again = rankFiles('fix `computeChecksum`', (await load()).index).map((file) => file.path);
    expect(again).toEqual(fresh);
  });

  it('indexes each file from its own bytes: a long file read before a short one leaves nothing behind', async () => {
    const long = `export function longFileOnly() {}\n${'const filler = 1;\n'.repeat(400)}`;
    const files: Record<string, string> = {
      'a/long.ts': long,
      'b/short.ts': 'export const tiny = 2;\n',
      'c/empty.ts': '',
      'd/bom.py': '\uFEFFdef with_bom():\n    pass\n',
      'e/zero.txt': 'text\u0000binary',
    };
    const { load } = await setUp(files);
    const { index } = await load();
    // A NUL among the first bytes: binary, left out as a pack leaves it.
    expect([...index.byPath.keys()].sort()).toEqual([
      'a/long.ts',
      'b/short.ts',
      'c/empty.ts',
      'd/bom.py',
    ]);
    for (const path of index.byPath.keys()) {
      const text = files[path]!.replace(/^\uFEFF/, '');
      expect(index.files[index.byPath.get(path)!]).toEqual(indexFile({ path, text }));
    }
  });
});

describe('gitRecency', () => {
  it('ranks when the cache folder cannot be written, and caches nothing', async () => {
    const project = await writeFixture(SUGGEST_FIXTURE);
    const blocked = await writeFixture({ cache: 'a file where the cache folder should be\n' });
    cleanups.push(project.cleanup, blocked.cleanup);
    const cacheDir = join(blocked.dir, 'cache');
    const load = () =>
      loadSuggestIndex(project.dir, { corePatterns: CORE_SYSTEM_IGNORE_PATTERNS, cacheDir });
    const first = await load();
    expect(first.indexed).toBe(Object.keys(SUGGEST_FIXTURE).length);
    expect(rankFiles('fix `computeChecksum`', first.index)[0]?.path).toBe(
      'core/src/integrity/digest.rs',
    );
    expect((await load()).indexed).toBe(first.indexed);
  });

  it('weighs working-tree changes 1 and older commits less', async () => {
    const { dir } = await setUp({ 'a.ts': 'a', 'b.ts': 'b', 'c.ts': 'c' });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
    git('init', '-q');
    git('add', 'a.ts', 'b.ts');
    git('commit', '-q', '-m', 'first');
    await writeText(dir, 'b.ts', 'b2');
    git('commit', '-q', '-am', 'second');
    await writeText(dir, 'a.ts', 'a2');
    const recency = await gitRecency(dir);
    expect(recency.get('a.ts')).toBe(1);
    expect(recency.get('b.ts')!).toBeGreaterThan(0);
    expect(recency.get('b.ts')!).toBeLessThan(1);
    expect(recency.has('c.ts')).toBe(false);
  });

  it('leaves out a commit without a parent: a first commit or a shallow clone adds everything', async () => {
    const { dir } = await setUp({ 'a.ts': 'a', 'b.ts': 'b' });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'import');
    expect(await gitRecency(dir)).toEqual(new Map());
    await writeText(dir, 'b.ts', 'b2');
    git('commit', '-q', '-am', 'second');
    expect([...(await gitRecency(dir)).keys()]).toEqual(['b.ts']);
    // The oldest commit of a shallow clone has no parent either.
    const shallow = `${dir}-shallow`;
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${dir}`, shallow]);
    cleanups.push(() => rm(shallow, { recursive: true, force: true }));
    expect(await gitRecency(shallow)).toEqual(new Map());
  });
  it('leaves out a sweep of more than 50 files (a reformat), keeps a change of 50', async () => {
    const files: Record<string, string> = { 'feature.ts': 'f' };
    for (let i = 0; i < 60; i++) files[`src/m${i}.ts`] = `m${i}`;
    const { dir } = await setUp(files);
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'import');
    await writeText(dir, 'feature.ts', 'f2');
    git('commit', '-q', '-am', 'the feature');
    // A reformat of 51 files, after the feature: none of them is where work went.
    for (let i = 0; i < 51; i++) await writeText(dir, `src/m${i}.ts`, `m${i};`);
    git('commit', '-q', '-am', 'reformat');
    expect([...(await gitRecency(dir)).keys()]).toEqual(['feature.ts']);
    // A change of 50 files is work: its files count.
    for (let i = 10; i < 60; i++) await writeText(dir, `src/m${i}.ts`, `m${i};;`);
    git('commit', '-q', '-am', 'rename a type everywhere');
    const recency = await gitRecency(dir);
    expect(recency.size).toBe(51);
    expect(recency.has('src/m59.ts')).toBe(true);
    expect(recency.has('src/m0.ts')).toBe(false);
  });
});

describe('gitHistory', () => {
  it('reads each commit hash, message and files, newest first, relative to the folder', async () => {
    const { dir } = await setUp({ 'sub/a.ts': 'a', 'sub/b.ts': 'b', 'top.ts': 't' });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'first');
    await writeText(dir, 'sub/b.ts', 'b2');
    await writeText(dir, 'top.ts', 't2');
    git('commit', '-q', '-am', 'retry the upload\n\nwith a backoff');
    const history = await gitHistory(join(dir, 'sub'));
    const shas = git('log', '--format=%H').toString().trim().split('\n');
    expect(history).toEqual([
      { message: 'retry the upload\n\nwith a backoff', paths: ['b.ts'], sha: shas[0] },
      { message: 'first', paths: ['a.ts', 'b.ts'], sha: shas[1] },
    ]);
    expect(await gitHistory(await mkdtemp(join(tmpdir(), 'promptloom-nogit-')))).toEqual([]);
  });
});
