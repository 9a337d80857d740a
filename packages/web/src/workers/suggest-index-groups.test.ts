import 'fake-indexeddb/auto';
import { indexFile } from '@promptloom/core';
import { describe, expect, it, vi } from 'vitest';
import type * as joinedReads from '../lib/joined-reads';
import { readTexts } from '../lib/joined-reads';
import { FILE_READ_GROUP_BYTES } from '../config/limits';
import { IndexBuild, KEY_QUIET_MS, readGroupBytes } from './suggest-index-build';
import { clearSuggestIndex } from './suggest-index-cache';

vi.mock('../lib/joined-reads', async (importOriginal) => {
  const actual = await importOriginal<typeof joinedReads>();
  return { ...actual, readTexts: vi.fn(actual.readTexts) };
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
          return indexFile({ path, text });
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
    vi.mocked(readTexts).mockClear();
    await build.open(1, 'v|groups', listed);
    expect(await ready).toMatchObject({ indexed: 5 });
    expect(indexed).toBe(5);
    expect(vi.mocked(readTexts)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(readTexts).mock.calls[0]![0].map((file) => file.name)).toEqual(
      paths.slice(0, 5),
    );
  });

  it('reads 1 MB groups while no key has been typed lately, 256 KB ones otherwise', () => {
    expect(readGroupBytes(Infinity)).toBe(1024 * 1024);
    expect(readGroupBytes(KEY_QUIET_MS)).toBe(1024 * 1024);
    expect(readGroupBytes(KEY_QUIET_MS - 1)).toBe(FILE_READ_GROUP_BYTES);
    expect(readGroupBytes(0)).toBe(FILE_READ_GROUP_BYTES);
  });

  it('cuts each group at the size it starts reading with', async () => {
    await clearSuggestIndex();
    const size = 100 * 1024;
    const paths = Array.from({ length: 14 }, (_, i) => `f${i}.txt`);
    let build!: IndexBuild;
    const ready = new Promise<unknown>((resolve) => {
      build = new IndexBuild((path, text) => indexFile({ path, text }), {
        need(wanted) {
          // Eleven files come before any key (a 1 MB group of ten), then a key, then the rest.
          const hand = (from: number, to: number) =>
            build.add(
              1,
              wanted.slice(from, to).map((path) => ({
                path,
                file: new File([`${path} `.padEnd(size, 'x')], path),
              })),
            );
          void hand(0, 11);
          build.keyTyped(1);
          void hand(11, wanted.length);
        },
        progress: () => {},
        ready: resolve,
      });
    });
    const listed = paths.map((path) => ({ path, size, mtime: 1 }));
    vi.mocked(readTexts).mockClear();
    await build.open(1, 'v|group-sizes', listed);
    await ready;
    expect(vi.mocked(readTexts).mock.calls.map(([files]) => files.length)).toEqual([10, 2, 2]);
  });
});
