import 'fake-indexeddb/auto';
import { indexFile } from '@promptloom/core';
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
    vi.mocked(readBytes).mockClear();
    await build.open(1, 'v|groups', listed);
    expect(await ready).toMatchObject({ indexed: 5 });
    expect(indexed).toBe(5);
    expect(vi.mocked(readBytes)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(readBytes).mock.calls[0]![0].map((file) => file.name)).toEqual(
      paths.slice(0, 5),
    );
  });
});
