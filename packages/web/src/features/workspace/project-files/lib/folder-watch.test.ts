import type { FileEntry } from '@promptloom/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeFolderObserver as FakeObserver } from '#web/test/fake-folder-observer.ts';
import { watchFolder } from './folder-watch';

const root = { name: 'demo', kind: 'directory' } as unknown as FileSystemDirectoryHandle;
const entry = (name: string, kind: FileEntry['kind'] = 'file'): FileEntry => ({
  name,
  kind,
  size: 0,
  mtime: 0,
});

/** A provider over fixed listings that counts what it is asked. */
function disk() {
  const listed: string[] = [];
  const listings: Record<string, FileEntry[]> = {
    '': [entry('src', 'directory'), entry('README.md')],
    src: [entry('a.ts')],
  };
  return {
    listed,
    list: (dir: string) => {
      listed.push(dir);
      return Promise.resolve(listings[dir] ?? []);
    },
    readFile: () => Promise.resolve(new Uint8Array()),
    stat: () => Promise.resolve({ size: 1, mtime: 1 }),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = null;
  FakeObserver.failObserve = false;
});

describe('watchFolder', () => {
  it('observes the root recursively and turns records into kept-listing invalidations', async () => {
    vi.stubGlobal('FileSystemObserver', FakeObserver);
    const onChange = vi.fn();
    const watch = watchFolder(root, onChange);
    await watch.ready;
    expect(FakeObserver.last?.observed).toEqual([[root, { recursive: true }]]);
    const inner = disk();
    const provider = watch.cache.wrap(inner);
    await provider.list('');
    await provider.list('src');
    await provider.list('src');
    expect(inner.listed).toEqual(['', 'src']);

    // A change inside a folder never listed touches nothing: no hint.
    FakeObserver.last!.callback([
      { type: 'appeared', relativePathComponents: ['node_modules', 'x.js'] },
    ]);
    expect(onChange).not.toHaveBeenCalled();

    // A file moved from the root into src: both folders are listed again.
    FakeObserver.last!.callback([
      {
        type: 'moved',
        relativePathComponents: ['src', 'README.md'],
        relativePathMovedFrom: ['README.md'],
      },
    ]);
    expect(onChange).toHaveBeenCalledTimes(1);
    await provider.list('');
    await provider.list('src');
    expect(inner.listed).toEqual(['', 'src', '', 'src']);

    watch.disconnect();
    expect(FakeObserver.last?.disconnected).toBe(true);
    expect(watch.cache.active).toBe(false);
  });

  it('keeps nothing when the API is missing or observe() fails (refresh lists all)', async () => {
    expect(watchFolder(root, () => {}).cache.active).toBe(false);

    vi.stubGlobal('FileSystemObserver', FakeObserver);
    FakeObserver.failObserve = true;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const watch = watchFolder(root, () => {});
    await watch.ready;
    expect(watch.cache.active).toBe(false);
    const inner = disk();
    const provider = watch.cache.wrap(inner);
    await provider.list('');
    await provider.list('');
    expect(inner.listed).toEqual(['', '']);
  });

  it('an "errored" record turns the cache off and flags the change', async () => {
    vi.stubGlobal('FileSystemObserver', FakeObserver);
    const onChange = vi.fn();
    const watch = watchFolder(root, onChange);
    await watch.ready;
    FakeObserver.last!.callback([{ type: 'errored', relativePathComponents: [] }]);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(watch.cache.active).toBe(false);
  });
});
