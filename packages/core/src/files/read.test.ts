import { describe, expect, it } from 'vitest';
import { MemoryFileProvider } from './memory-provider';
import type { FileProvider } from './provider';
import { decodeFile, readProjectFile } from './read';

const bytes = (...values: number[]) => new Uint8Array(values);

/** The same files, read through readText: the provider decodes where it reads. */
function decodingWhereItReads(inner: MemoryFileProvider, asked: string[]): FileProvider {
  return {
    list: (dir) => inner.list(dir),
    readFile: () => Promise.reject(new Error('readText is preferred')),
    readText: async (path, limitBytes) => {
      asked.push(path);
      return decodeFile(await inner.readFile(path), limitBytes);
    },
  };
}

describe('decodeFile', () => {
  it('decodes UTF-8 and drops a leading byte order mark', () => {
    expect(decodeFile(new TextEncoder().encode('\uFEFFdéjà vu'), 100)).toEqual({ text: 'déjà vu' });
  });

  it('skips bytes above the cap before looking at them, and a NUL among the first bytes', () => {
    expect(decodeFile(bytes(65, 66, 67), 2)).toEqual({ skip: 'too-large' });
    expect(decodeFile(bytes(65, 0, 67), 3)).toEqual({ skip: 'binary' });
    expect(decodeFile(bytes(65, 66), 2)).toEqual({ text: 'AB' });
  });
});

describe('readProjectFile', () => {
  const files = new MemoryFileProvider({
    'a.ts': 'export const a = 1;\n',
    'big.txt': 'x'.repeat(40),
    'nul.txt': bytes(104, 0, 105),
  });

  it('gives the same results when the provider decodes where it reads', async () => {
    const asked: string[] = [];
    const decoding = decodingWhereItReads(files, asked);
    for (const path of ['a.ts', 'big.txt', 'nul.txt', 'missing.ts']) {
      const direct = await readProjectFile(files, path, undefined, 32);
      const decoded = await readProjectFile(decoding, path, undefined, 32);
      expect(decoded).toEqual(direct);
    }
    expect(asked).toEqual(['a.ts', 'big.txt', 'nul.txt', 'missing.ts']);
    expect(await readProjectFile(decoding, 'big.txt', undefined, 32)).toMatchObject({
      ok: false,
      reason: 'too-large',
    });
    expect(await readProjectFile(decoding, 'missing.ts')).toMatchObject({
      ok: false,
      reason: 'unreadable',
      message: 'missing.ts: No such file: missing.ts',
    });
  });

  it('asks nothing of the provider for a file known to be too large or binary by its name', async () => {
    const asked: string[] = [];
    const decoding = decodingWhereItReads(files, asked);
    expect(await readProjectFile(decoding, 'big.txt', 40, 32)).toMatchObject({
      reason: 'too-large',
    });
    expect(await readProjectFile(decoding, 'logo.png')).toMatchObject({ reason: 'binary' });
    expect(asked).toEqual([]);
  });
});
