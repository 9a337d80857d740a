import { relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeFileProvider, listDirectory } from './file-provider';
import { writeFixture } from './test-fixture';

let fixture: Awaited<ReturnType<typeof writeFixture>>;
beforeAll(async () => {
  fixture = await writeFixture({ 'a.txt': 'A\n', '.hidden/b.txt': 'B\n', 'c/d/e.txt': 'E\n' });
});
afterAll(() => fixture.cleanup());

const text = (provider: NodeFileProvider, path: string) =>
  provider.readWith(path, 64, (bytes) => new TextDecoder().decode(bytes));

describe('NodeFileProvider paths', () => {
  it('reads and lists the same files whichever way the root is written', async () => {
    const roots = [
      fixture.dir,
      `${fixture.dir}/`,
      `${fixture.dir}//c/..`,
      `${fixture.dir}/./`,
      relative(process.cwd(), fixture.dir),
    ];
    for (const root of roots) {
      const provider = new NodeFileProvider(root);
      expect(text(provider, 'a.txt')).toBe('A\n');
      expect(text(provider, '.hidden/b.txt')).toBe('B\n');
      expect(text(provider, 'c/d/e.txt')).toBe('E\n');
      // Paths that are not a tree's go through path.join: the same file.
      expect(text(provider, './c/d/../d/e.txt')).toBe('E\n');
      expect(new TextDecoder().decode(await provider.readFile('c//d/e.txt'))).toBe('E\n');
      const names = (await provider.list('')).map((entry) => entry.name).sort();
      expect(names).toEqual(['.hidden', 'a.txt', 'c']);
      expect((await provider.list('c/d')).map((entry) => entry.name)).toEqual(['e.txt']);
    }
  });

  it('names a missing file by its full path in the error, as path.join writes it', () => {
    const provider = new NodeFileProvider(`${fixture.dir}/`);
    expect(() => text(provider, 'c/missing.txt')).toThrow(`${fixture.dir}/c/missing.txt`);
  });

  it('stats the entries of a folder written with a trailing or doubled separator', () => {
    for (const dir of [`${fixture.dir}/c/d`, `${fixture.dir}/c/d/`, `${fixture.dir}//c/./d`]) {
      const { entries } = listDirectory(dir);
      expect(entries).toEqual([
        { name: 'e.txt', kind: 'file', size: 2, mtime: expect.any(Number) as number },
      ]);
    }
  });
});
