import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileProvider } from '../files/memory-provider';
import { NodeFileProvider } from '../node/file-provider';
import { writeFixture } from '../node/test-fixture';
import { renderTree } from './render';
import { scanProject } from './scan';
import { buildTreeIndex, directoryCheckState, selectedCountsByDirectory } from './tree-index';

/** Test input for the core layer (the product's list lives in ignore/core-system-patterns). */
const CORE_LAYER = ['# Version control', '.git/', 'node_modules/', '.env'];

let fixture: Awaited<ReturnType<typeof writeFixture>>;

beforeAll(async () => {
  fixture = await writeFixture({
    '.gitignore': '# build output\n\n*.log\n!keep.log\ndist/\n/secret.txt\n',
    '.editorconfig': 'root = true',
    '.env': 'A=1',
    'secret.txt': 'top',
    'README.md': '# hi',
    'error.log': 'x',
    'keep.log': 'kept by negation',
    'dist/bundle.js': 'x',
    'node_modules/pkg/index.js': 'x',
    '.git/HEAD': 'ref',
    'src/index.ts': 'export {};',
    'src/secret.txt': 'only the root one is anchored',
    'src/a/b/deep.ts': 'deep',
    'src/a/tmp/junk.txt': 'junk',
    'src/a/.gitignore': 'tmp/\n*.gen.ts\n!keep.gen.ts\n',
    'src/a/x.gen.ts': 'generated',
    'src/a/keep.gen.ts': 'kept',
    'src/a/b/y.gen.ts': 'nested match below the .gitignore folder',
    'src/dist/notes.md': 'dist/ matches a directory at any depth',
    'docs/guide.md': 'g',
    'docs/drafts/a.md': 'global',
  });
});
afterAll(() => fixture.cleanup());

async function scan(globalPatterns: string[] = []) {
  return scanProject(new NodeFileProvider(fixture.dir), 'demo', {
    corePatterns: CORE_LAYER,
    globalPatterns,
  });
}

describe('scanProject', () => {
  it('applies core patterns, root and nested .gitignore files, negations and directory patterns', async () => {
    const { files } = await scan();
    expect(files.map((f) => f.path).sort()).toEqual(
      [
        '.editorconfig',
        '.gitignore',
        'README.md',
        'docs/drafts/a.md',
        'docs/guide.md',
        'keep.log',
        'src/a/.gitignore',
        'src/a/b/deep.ts',
        'src/a/keep.gen.ts',
        'src/index.ts',
        'src/secret.txt',
      ].sort(),
    );
  });

  it('applies global patterns (no slash = any depth, trailing slash = directory)', async () => {
    const { files } = await scan(['drafts/', '*.md', '!README.md', '', '# comment']);
    const paths = files.map((f) => f.path);
    expect(paths).not.toContain('docs/drafts/a.md');
    expect(paths).not.toContain('docs/guide.md');
    expect(paths).toContain('README.md');
  });

  it('drops patterns longer than the glob limit instead of failing', async () => {
    const { files } = await scan(['a'.repeat(70_000), '.editorconfig']);
    expect(files.map((f) => f.path)).not.toContain('.editorconfig');
  });

  it('sorts directories first and records sizes', async () => {
    const { root } = await scan();
    expect(root.children!.map((c) => c.name)).toEqual([
      'docs',
      'src',
      '.editorconfig',
      '.gitignore',
      'keep.log',
      'README.md',
    ]);
    const readme = root.children!.find((c) => c.name === 'README.md')!;
    expect(readme).toMatchObject({ type: 'file', path: 'README.md', size: 4 });
    expect(readme.mtime).toBeGreaterThan(0);
  });

  it('derives per-directory file sets, selected counts and check states', async () => {
    const { root } = await scan();
    const index = buildTreeIndex(root);
    expect(index.filePaths).toHaveLength(11);
    expect(index.filesByDirectory.get('src')).toEqual([
      'src/a/b/deep.ts',
      'src/a/.gitignore',
      'src/a/keep.gen.ts',
      'src/index.ts',
      'src/secret.txt',
    ]);
    const counts = selectedCountsByDirectory(['src/a/b/deep.ts', 'src/index.ts']);
    expect(counts.get('src')).toBe(2);
    expect(counts.get('')).toBe(2);
    expect(directoryCheckState(index, 'src/a/b', counts)).toBe('checked');
    expect(directoryCheckState(index, 'src', counts)).toBe('partial');
    expect(directoryCheckState(index, 'docs', counts)).toBe('unchecked');
  });

  it('renders the indented structure without ignored paths', async () => {
    const { root } = await scan();
    const text = renderTree(root);
    expect(text.split('\n').slice(0, 4)).toEqual([
      'demo/',
      '├── docs/',
      '│   ├── drafts/',
      '│   │   └── a.md',
    ]);
    expect(text).not.toContain('node_modules');
    expect(text).not.toContain('dist');
  });
});

describe('scanProject with the in-memory provider', () => {
  it('builds the same kind of tree from a plain object of files', async () => {
    const provider = new MemoryFileProvider({
      'a/.gitignore': '*.tmp\n',
      'a/x.tmp': 'no',
      'a/y.ts': 'yes',
      'b.txt': { content: 'b', mtime: 5 },
    });
    const { files } = await scanProject(provider, 'mem');
    expect(files.map((f) => [f.path, f.size, f.mtime])).toEqual([
      ['a/.gitignore', 6, 0],
      ['a/y.ts', 3, 0],
      ['b.txt', 1, 5],
    ]);
  });
});

describe('scanProject cancelled', () => {
  it('rejects as soon as the signal aborts, even while a listing never answers', async () => {
    const memory = new MemoryFileProvider({ 'fast/a.ts': 'a', 'slow/b.ts': 'b', 'c.ts': 'c' });
    let listedRoot = false;
    const provider = {
      list: (dir: string) => {
        if (dir === 'slow') return new Promise<never>(() => {});
        if (dir === '') listedRoot = true;
        return memory.list(dir);
      },
      readFile: (path: string) => memory.readFile(path),
    };
    const controller = new AbortController();
    const scan = scanProject(provider, 'held', { signal: controller.signal });
    await expect.poll(() => listedRoot).toBe(true);
    controller.abort(new DOMException('Cancelled by the user', 'AbortError'));
    await expect(scan).rejects.toThrow('Cancelled by the user');
  });
});
