import { describe, expect, it } from 'vitest';
import { MemoryFileProvider } from '../files/memory-provider';
import { type FileEntry, parentPath } from '../files/provider';
import { ListingCache, type PathChange, type StatFileProvider } from './listing-cache';
import { fetchMetadata } from './metadata';
import { scanProject, type ScanResult } from './scan';

const CORE = ['node_modules/', '.git/'];

/** A disk as the browser shows it: `list` names entries only, `stat` is asked apart. Counts reads. */
class FakeDisk implements StatFileProvider {
  readonly memory: MemoryFileProvider;
  readonly listed: string[] = [];
  readonly statted: string[] = [];
  readonly read: string[] = [];
  /** Runs while a listing is being read (after the disk answered, before the caller sees it). */
  whileListing?: (dir: string) => void;
  private mtimes = new Map<string, number>();
  /** Folders stay when emptied, as on a real disk (the memory provider implies them). */
  private dirs = new Set<string>();
  private clock = 1;

  constructor(files: Record<string, string>) {
    this.memory = new MemoryFileProvider();
    for (const [path, content] of Object.entries(files)) this.write(path, content);
  }
  write(path: string, content: string) {
    this.memory.write(path, content);
    this.mtimes.set(path, this.clock++);
    for (let dir = parentPath(path); dir !== ''; dir = parentPath(dir)) this.dirs.add(dir);
  }
  remove(path: string) {
    this.memory.remove(path);
  }
  removeDir(path: string, files: string[]) {
    for (const file of files) this.memory.remove(file);
    for (const dir of this.dirs)
      if (dir === path || dir.startsWith(`${path}/`)) this.dirs.delete(dir);
  }
  async list(dir: string): Promise<FileEntry[]> {
    this.listed.push(dir);
    const entries = new Map((await this.memory.list(dir).catch(() => [])).map((e) => [e.name, e]));
    for (const sub of this.dirs) {
      if (parentPath(sub) !== dir) continue;
      const name = sub.slice(sub.lastIndexOf('/') + 1);
      entries.set(name, { name, kind: 'directory', size: 0, mtime: 0 });
    }
    if (dir !== '' && !this.dirs.has(dir)) throw new Error(`Not a directory: ${dir}`);
    this.whileListing?.(dir);
    return [...entries.values()].map((e) => ({ ...e, size: 0, mtime: 0 }));
  }
  readFile(path: string) {
    this.read.push(path);
    return this.memory.readFile(path);
  }
  async stat(path: string) {
    this.statted.push(path);
    const bytes = await this.memory.readFile(path);
    return { size: bytes.length, mtime: this.mtimes.get(path) ?? 0 };
  }
  reset() {
    this.listed.length = 0;
    this.statted.length = 0;
    this.read.length = 0;
  }
}

async function scanWithMetadata(provider: StatFileProvider): Promise<ScanResult> {
  const result = await scanProject(provider, 'demo', { corePatterns: CORE });
  await fetchMetadata(result.files, (path) => provider.stat(path), { concurrency: 4 });
  return result;
}

/** Everything a scan shows: the tree (with sizes and mtimes), hidden paths, ignored count. */
const view = (result: ScanResult) => ({
  root: JSON.stringify(result.root),
  files: result.files.map((f) => f.path),
  hidden: result.hidden.map((h) => `${h.path}${h.isDirectory ? '/' : ''}`).sort(),
  ignoredCount: result.ignoredCount,
});

const PROJECT = {
  '.gitignore': '*.log\nbuild/\n',
  'README.md': '# demo',
  'debug.log': 'noise',
  'build/out.js': 'built',
  'node_modules/pkg/index.js': 'x',
  'src/index.ts': 'export {};',
  'src/lib/util.ts': 'util',
  'src/lib/deep/only.ts': 'only file here',
  'docs/guide.md': 'guide',
  'docs/api/ref.md': 'ref',
};

async function setUp() {
  const disk = new FakeDisk(PROJECT);
  const cache = new ListingCache();
  cache.observing();
  const provider = cache.wrap(disk);
  await scanWithMetadata(provider);
  disk.reset();
  const refresh = async (changes: PathChange[]) => {
    for (const change of changes) cache.apply(change);
    disk.reset();
    return scanWithMetadata(provider);
  };
  /** A full re-list of the same disk, with no cache. */
  const full = () => scanWithMetadata(disk);
  return { disk, cache, provider, refresh, full };
}

describe('ListingCache', () => {
  it('answers a second scan from the cache: nothing listed, read or stat-ed again', async () => {
    const { disk, refresh, full } = await setUp();
    const again = await refresh([]);
    expect(disk.listed).toEqual([]);
    expect(disk.read).toEqual([]);
    expect(disk.statted).toEqual([]);
    expect(view(again)).toEqual(view(await full()));
  });

  it("gives a folder's kept stats by name, as stat gives each file's, until a change drops one", async () => {
    const { cache } = await setUp();
    const lib = cache.statsIn('src/lib');
    expect([...(lib?.keys() ?? [])]).toEqual(['util.ts']);
    expect(lib?.get('util.ts')).toEqual(cache.stat('src/lib/util.ts'));
    expect(lib?.get('util.ts')?.size).toBe(4);
    expect(cache.statsIn('build')).toBeUndefined(); // ignored: never entered
    cache.apply({ type: 'modified', path: 'src/lib/util.ts' });
    expect(cache.statsIn('src/lib')?.get('util.ts')).toBeUndefined();
  });

  it('lists only the folders holding changes and stats only the changed files', async () => {
    const { disk, cache, full } = await setUp();
    disk.write('src/index.ts', 'export const changed = true;');
    disk.write('docs/api/new.md', 'new');
    disk.remove('src/lib/deep/only.ts');
    disk.write('tools/a/run.ts', 'run');
    const changes: PathChange[] = [
      { type: 'modified', path: 'src/index.ts' },
      { type: 'appeared', path: 'docs/api/new.md' },
      { type: 'modified', path: 'docs/api/new.md' },
      { type: 'disappeared', path: 'src/lib/deep/only.ts' },
      { type: 'appeared', path: 'tools' },
      { type: 'appeared', path: 'tools/a' },
      { type: 'appeared', path: 'tools/a/run.ts' },
    ];
    expect(changes.map((c) => cache.apply(c))).toEqual([
      true,
      true,
      false,
      true,
      true,
      false,
      false,
    ]);
    disk.reset();
    const patched = await scanWithMetadata(cache.wrap(disk));
    expect(disk.listed.sort()).toEqual(['', 'docs/api', 'src/lib/deep', 'tools', 'tools/a']);
    expect(disk.statted.sort()).toEqual(['docs/api/new.md', 'src/index.ts', 'tools/a/run.ts']);
    expect(disk.read).toEqual([]);
    const expected = view(await full());
    expect(view(patched)).toEqual(expected);
    // The emptied folder is gone, as in a full re-list.
    expect(expected.files).not.toContain('src/lib/deep/only.ts');
    expect(expected.root).not.toContain('"src/lib/deep"');
  });

  it('re-applies the rules of a changed .gitignore to its whole subtree', async () => {
    const { disk, refresh, full } = await setUp();
    disk.write('.gitignore', '*.log\ndocs/api/\n');
    const patched = await refresh([{ type: 'modified', path: '.gitignore' }]);
    // Only the folder the old rules hid is listed (it was never entered); the root's
    // listing is still valid, its .gitignore read again.
    expect(disk.listed).toEqual(['build']);
    expect(disk.read).toEqual(['.gitignore']);
    expect(disk.statted.sort()).toEqual(['.gitignore', 'build/out.js']);
    const expected = view(await full());
    expect(view(patched)).toEqual(expected);
    expect(expected.files).toContain('build/out.js');
    expect(expected.files).not.toContain('docs/api/ref.md');
  });

  it('handles moves, folder removal and a new nested .gitignore', async () => {
    const { disk, refresh, full } = await setUp();
    disk.remove('docs/guide.md');
    disk.write('src/guide.md', 'guide');
    disk.removeDir('docs/api', ['docs/api/ref.md']);
    disk.write('src/lib/.gitignore', 'util.ts\n');
    const patched = await refresh([
      { type: 'moved', path: 'src/guide.md', from: 'docs/guide.md' },
      { type: 'disappeared', path: 'docs/api' },
      { type: 'appeared', path: 'src/lib/.gitignore' },
    ]);
    expect(disk.listed.sort()).toEqual(['docs', 'src', 'src/lib']);
    expect(view(patched)).toEqual(view(await full()));
    expect(patched.files.map((f) => f.path)).not.toContain('src/lib/util.ts');
  });

  it('ignores changes inside folders that were never entered', async () => {
    const { disk, cache, refresh } = await setUp();
    disk.write('node_modules/pkg/new.js', 'x');
    expect(cache.apply({ type: 'appeared', path: 'node_modules/pkg/new.js' })).toBe(false);
    expect(cache.apply({ type: 'modified', path: 'debug.log' })).toBe(false);
    await refresh([]);
    expect(disk.listed).toEqual([]);
  });

  it('lists everything again after an "unknown" change, and always after "errored"', async () => {
    const { disk, cache, refresh, full } = await setUp();
    const all = (await full()).files.length;
    disk.reset();
    await refresh([{ type: 'unknown', path: '' }]);
    expect(disk.listed).toContain('');
    expect(disk.statted).toHaveLength(all);
    await refresh([]);
    expect(disk.listed).toEqual([]);

    await refresh([{ type: 'errored', path: '' }]);
    expect(cache.active).toBe(false);
    expect(disk.listed).toContain('src/lib/deep');
    await refresh([]);
    expect(disk.listed).toContain('src/lib/deep');
  });

  it('does not keep a listing that a change overtook while it was being read, and says so', async () => {
    const disk = new FakeDisk(PROJECT);
    let overtaken = 0;
    const cache = new ListingCache(() => overtaken++);
    cache.observing();
    const provider = cache.wrap(disk);
    disk.whileListing = (dir) => {
      if (dir === 'docs') cache.apply({ type: 'appeared', path: 'docs/late.md' });
    };
    await scanProject(provider, 'demo', { corePatterns: CORE });
    expect(overtaken).toBe(1);
    disk.whileListing = undefined;
    disk.reset();
    await scanProject(provider, 'demo', { corePatterns: CORE });
    expect(disk.listed).toEqual(['docs']);
    expect(overtaken).toBe(1);
  });

  /** Listings read ahead by a walk before the scan asks: served as they were then. */
  const readAhead = async (disk: FakeDisk) => {
    const walked = new Map<string, FileEntry[]>();
    for (const dir of ['', 'docs', 'docs/api', 'src', 'src/lib', 'src/lib/deep'])
      walked.set(dir, await disk.list(dir));
    disk.reset();
    return (inner: FakeDisk): FakeDisk =>
      Object.assign(Object.create(inner) as FakeDisk, {
        list: async (dir: string) => walked.get(dir) ?? inner.list(dir),
      });
  };

  it('does not keep what a walk read ahead when a change reached its folder after the walk began', async () => {
    const disk = new FakeDisk(PROJECT);
    let overtaken = 0;
    const cache = new ListingCache(() => overtaken++);
    cache.observing();
    const done = cache.readingAhead();
    const served = await readAhead(disk);
    // The change lands after the walk read docs/ and before the scan asks for it; docs/ was
    // never listed through the cache, so the change touches nothing kept.
    disk.write('docs/late.md', 'late');
    expect(cache.apply({ type: 'appeared', path: 'docs/late.md' })).toBe(false);
    const first = await scanProject(cache.wrap(served(disk)), 'demo', { corePatterns: CORE });
    done();
    expect(first.files.map((f) => f.path)).not.toContain('docs/late.md'); // what the walk read
    expect(overtaken).toBe(1); // ...so a refresh is due
    disk.reset();
    const refreshed = await scanProject(cache.wrap(disk), 'demo', { corePatterns: CORE });
    expect(disk.listed).toEqual(['docs']);
    expect(refreshed.files.map((f) => f.path)).toContain('docs/late.md');
    expect(view(refreshed)).toEqual(view(await scanProject(disk, 'demo', { corePatterns: CORE })));
  });

  it('keeps nothing a walk read ahead before the observer ran', async () => {
    const disk = new FakeDisk(PROJECT);
    let overtaken = 0;
    const cache = new ListingCache(() => overtaken++);
    const done = cache.readingAhead();
    const served = await readAhead(disk);
    cache.observing();
    await scanProject(cache.wrap(served(disk)), 'demo', { corePatterns: CORE });
    done();
    expect(overtaken).toBe(0); // no change seen: nothing to refresh for
    disk.reset();
    await scanProject(cache.wrap(disk), 'demo', { corePatterns: CORE });
    expect(disk.listed.sort()).toEqual(['', 'docs', 'docs/api', 'src', 'src/lib', 'src/lib/deep']);
    disk.reset();
    await scanProject(cache.wrap(disk), 'demo', { corePatterns: CORE });
    expect(disk.listed).toEqual([]);
  });

  it('keeps nothing read before the observer runs', async () => {
    const disk = new FakeDisk(PROJECT);
    const cache = new ListingCache();
    const provider = cache.wrap(disk);
    await scanWithMetadata(provider);
    cache.observing();
    disk.reset();
    await scanWithMetadata(provider);
    expect(disk.listed).toContain('src/lib/deep');
    disk.reset();
    await scanWithMetadata(provider);
    expect(disk.listed).toEqual([]);
    expect(disk.statted).toEqual([]);
  });
});
