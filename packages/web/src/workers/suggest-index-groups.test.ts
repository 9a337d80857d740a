import 'fake-indexeddb/auto';
import { FILE_SIZE_LIMIT_BYTES, indexFile, indexFileHashed } from '@promptloom/core';
import { describe, expect, it, vi } from 'vitest';
import type * as joinedReads from '../lib/joined-reads';
import { readBytes } from '../lib/joined-reads';
import { IndexBuild } from './suggest-index-build';
import { clearSuggestIndex } from './suggest-index-cache';

vi.mock('../lib/joined-reads', async (importOriginal) => {
  const actual = await importOriginal<typeof joinedReads>();
  return { ...actual, readBytes: vi.fn(actual.readBytes) };
});

describe('the suggestion index build', () => {
  it('joins files handed over one message at a time into one read', async () => {
    await clearSuggestIndex();
    const paths = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts'];
    const texts = new Map(paths.map((path) => [path, `export const ${path[0]}Value = 1;\n`]));
    let indexed = 0;
    let build!: IndexBuild;
    const ready = new Promise<{ indexed: number }>((resolve) => {
      build = new IndexBuild(
        (path, text) => {
          indexed++;
          return indexFileHashed({ path, text });
        },
        {
          need(wanted) {
            // As the page hands them over: one File to a message, the last one unreadable.
            for (const path of wanted) {
              const file = path === 'f.ts' ? null : new File([texts.get(path)!], path);
              void build.add(1, [{ path, file }]);
            }
          },
          progress: () => {},
          ready: resolve,
        },
      );
    });
    const listed = paths.map((path) => ({ path, size: texts.get(path)!.length, mtime: 1 }));
    vi.mocked(readBytes).mockClear();
    await build.open(1, 'v|groups', listed);
    expect(await ready).toMatchObject({ indexed: 5 });
    expect(indexed).toBe(5);
    expect(vi.mocked(readBytes)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(readBytes).mock.calls[0]![0].map((file) => file.name)).toEqual(
      paths.slice(0, 5),
    );
  });

  it('ends a build whose File over the size cap came before its last joined group', async () => {
    await clearSuggestIndex();
    const texts = new Map([
      ['a.ts', 'export const aValue = 1;\n'],
      ['c.ts', 'export class Sea {}\n'],
    ]);
    const big = new File([new Uint8Array(FILE_SIZE_LIMIT_BYTES + 1)], 'big.bin');
    let build!: IndexBuild;
    const ready = new Promise<{ indexed: number }>((resolve) => {
      build = new IndexBuild((path, text) => indexFileHashed({ path, text }), {
        need() {
          // As the page hands them over: the File over the cap apart, at the end of its task,
          // then the group it was listed among, joined, once whole.
          void build.add(1, [{ path: 'big.bin', file: big }]);
          void build.addJoined(1, {
            paths: 'a.ts\0c.ts',
            sizes: [texts.get('a.ts')!.length, texts.get('c.ts')!.length],
            mtimes: [1, 1],
            blob: new Blob([texts.get('a.ts')!, texts.get('c.ts')!]),
          });
        },
        progress: () => {},
        ready: resolve,
      });
    });
    const listed = [
      { path: 'a.ts', size: texts.get('a.ts')!.length, mtime: 1 },
      { path: 'big.bin', size: big.size, mtime: 1 },
      { path: 'c.ts', size: texts.get('c.ts')!.length, mtime: 1 },
    ];
    await build.open(1, 'v|over-cap', listed);
    expect(await ready).toMatchObject({ indexed: 2 });
    expect(build.entries().map((entry) => entry.path)).toEqual(['a.ts', 'c.ts']);
  });

  it('reads a group the page joined as one, and asks again for one that is not what it said', async () => {
    await clearSuggestIndex();
    const texts = new Map([
      ['a.ts', 'export const aValue = 1;\n'],
      ['b.ts', 'export function bee() {}\n'],
      ['c.ts', 'export class Sea {}\n'],
    ]);
    const paths = [...texts.keys()];
    const asked: { paths: string[]; singly?: boolean }[] = [];
    let build!: IndexBuild;
    const ready = new Promise<{ indexed: number }>((resolve) => {
      build = new IndexBuild((path, text) => indexFileHashed({ path, text }), {
        need(wanted, singly) {
          asked.push({ paths: wanted, ...(singly ? { singly } : {}) });
          if (singly) {
            void build.add(
              1,
              wanted.map((path) => ({ path, file: new File([texts.get(path)!], path) })),
            );
            return;
          }
          // As the page joins them: a.ts and b.ts in one Blob, then c.ts in a Blob one byte
          // short of its size (the file changed since it was listed).
          const joined = (group: string[], blob: Blob) =>
            build.addJoined(1, {
              paths: group.join('\0'),
              sizes: group.map((path) => texts.get(path)!.length),
              mtimes: group.map(() => 1),
              blob,
            });
          void joined(['a.ts', 'b.ts'], new Blob([texts.get('a.ts')!, texts.get('b.ts')!]));
          void joined(['c.ts'], new Blob([texts.get('c.ts')!.slice(1)]));
        },
        progress: () => {},
        ready: resolve,
      });
    });
    const listed = paths.map((path) => ({ path, size: texts.get(path)!.length, mtime: 1 }));
    vi.mocked(readBytes).mockClear();
    await build.open(1, 'v|joined', listed);
    expect(await ready).toMatchObject({ indexed: 3 });
    expect(asked).toEqual([{ paths }, { paths: ['c.ts'], singly: true }]);
    expect(
      vi.mocked(readBytes).mock.calls.map(([files]) => files.map((file) => file.name)),
    ).toEqual([['c.ts']]);
    expect(build.entries()).toEqual(
      paths.map((path) => indexFile({ path, text: texts.get(path)! })),
    );
  });
});
