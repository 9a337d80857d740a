import { describe, expect, it } from 'vitest';
import { MemoryFileProvider } from '../files/memory-provider';
import type { FileProvider } from '../files/provider';
import { scanProject } from './scan';
import { walkKeptFolders, type WalkOptions } from './walk';

const CORE_LAYER = ['.git/', 'node_modules/', '.env'];

/** The folders a provider was asked to list and the files it was asked to read. */
function recording(inner: FileProvider) {
  const listed: string[] = [];
  const read: string[] = [];
  const provider: FileProvider = {
    list: (path) => {
      listed.push(path);
      return inner.list(path);
    },
    readFile: (path) => {
      read.push(path);
      return inner.readFile(path);
    },
  };
  return { provider, listed, read };
}

/** The walk must ask exactly what the page's scan asks, with the same rules. */
async function expectSameAsScan(files: Record<string, string>, options: WalkOptions) {
  const scan = recording(new MemoryFileProvider(files));
  await scanProject(scan.provider, 'demo', options);
  const walk = recording(new MemoryFileProvider(files));
  await walkKeptFolders(walk.provider, options);
  expect(walk.listed.sort()).toEqual(scan.listed.sort());
  expect(walk.read.sort()).toEqual(scan.read.sort());
  return walk;
}

describe('walkKeptFolders', () => {
  it('enters the folders the scan enters: core patterns, root and nested .gitignore files', async () => {
    const walk = await expectSameAsScan(
      {
        '.gitignore': 'dist/\n*.log\n',
        '.git/HEAD': 'ref',
        'node_modules/pkg/index.js': 'x',
        'dist/bundle.js': 'x',
        'src/index.ts': 'x',
        'src/dist/notes.md': 'dist/ matches a folder at any depth',
        'src/a/.gitignore': 'tmp/\n',
        'src/a/tmp/junk/x.txt': 'ignored by a .gitignore met mid-walk',
        'src/a/b/tmp/y.txt': 'the nested rule applies below its folder too',
        'src/a/b/deep.ts': 'deep',
        'src/c/tmp/kept.txt': 'outside src/a the rule does not apply',
      },
      { corePatterns: CORE_LAYER },
    );
    expect(walk.listed.sort()).toEqual(['', 'src', 'src/a', 'src/a/b', 'src/c', 'src/c/tmp']);
    expect(walk.read.sort()).toEqual(['.gitignore', 'src/a/.gitignore']);
  });

  it('follows negations: a nested `!` re-includes a folder the root ignored', async () => {
    const walk = await expectSameAsScan(
      {
        '.gitignore': 'build/\ngen*/\n!generated-keep/\n',
        'build/out.js': 'x',
        'generated/a.ts': 'x',
        'generated-keep/a.ts': 'x',
        'pkg/.gitignore': '!build/\n',
        'pkg/build/kept.js': 'x',
        'pkg/build/inner/more.js': 'x',
      },
      { corePatterns: CORE_LAYER },
    );
    expect(walk.listed).toContain('pkg/build/inner');
    expect(walk.listed).toContain('generated-keep');
    expect(walk.listed).not.toContain('build');
    expect(walk.listed).not.toContain('generated');
  });

  it('applies global patterns and the ignore case as the scan does', async () => {
    const files = {
      'Docs/Drafts/a.md': 'x',
      'docs/drafts/b.md': 'x',
      'docs/kept/c.md': 'x',
      'sub/.gitignore': 'CACHE/\n',
      'sub/cache/x.txt': 'x',
    };
    const sensitive = await expectSameAsScan(files, {
      corePatterns: CORE_LAYER,
      globalPatterns: ['drafts/'],
    });
    expect(sensitive.listed).toContain('Docs/Drafts');
    expect(sensitive.listed).toContain('sub/cache');
    const insensitive = await expectSameAsScan(files, {
      corePatterns: CORE_LAYER,
      globalPatterns: ['drafts/'],
      ignoreCase: true,
    });
    expect(insensitive.listed).not.toContain('Docs/Drafts');
    expect(insensitive.listed).not.toContain('sub/cache');
  });

  it('goes on past a folder it cannot list, and stops when aborted', async () => {
    const inner = new MemoryFileProvider({ 'a/x.ts': 'x', 'b/c/y.ts': 'y' });
    const listed: string[] = [];
    const failing: FileProvider = {
      list: (path) => {
        listed.push(path);
        return path === 'a' ? Promise.reject(new Error('gone')) : inner.list(path);
      },
      readFile: (path) => inner.readFile(path),
    };
    await walkKeptFolders(failing);
    expect(listed.sort()).toEqual(['', 'a', 'b', 'b/c']);

    const controller = new AbortController();
    const stopped: string[] = [];
    await walkKeptFolders(
      {
        list: (path) => {
          stopped.push(path);
          controller.abort();
          return inner.list(path);
        },
        readFile: (path) => inner.readFile(path),
      },
      { signal: controller.signal },
    );
    expect(stopped).toEqual(['']);
  });
});
