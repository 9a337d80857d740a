import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeFolderObserver } from '#web/test/fake-folder-observer.ts';
import { FakeListingWorker } from '#web/test/fake-listing-worker.ts';
import { createHandleProvider } from './browser-file-provider';

const RULES = { corePatterns: ['.git/'], globalPatterns: [], ignoreCase: false };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const names = (entries: { name: string }[]) => entries.map((e) => e.name);

afterEach(() => {
  vi.unstubAllGlobals();
  FakeFolderObserver.last = null;
});

describe('createHandleProvider, listings the walk read ahead of the scan', () => {
  it('keeps none a change reached after the walk read it, and flags the change', async () => {
    vi.stubGlobal('Worker', FakeListingWorker);
    vi.stubGlobal('FileSystemObserver', FakeFolderObserver);
    const onChange = vi.fn();
    const provider = createHandleProvider({ name: 'demo' } as FileSystemDirectoryHandle, onChange);
    const stop = provider.prefetch!(RULES);
    await tick();
    const worker = FakeListingWorker.last!;
    expect(worker.walks()).toEqual([{ walk: 1, rules: RULES }]);
    worker.send({
      walk: 1,
      found: [
        { list: '', names: ['src', 'a.ts'], directories: [true, false] },
        { list: 'src', names: ['b.ts'], directories: [false] },
        { walked: true },
      ],
    });
    // src/ changes after the walk listed it and before the scan asks: nothing listed through
    // the cache yet, so the record alone touches nothing.
    FakeFolderObserver.last!.callback([
      { type: 'appeared', relativePathComponents: ['src', 'c.ts'] },
    ]);
    expect(onChange).not.toHaveBeenCalled();
    expect(names(await provider.list(''))).toEqual(['src', 'a.ts']);
    expect(names(await provider.list('src'))).toEqual(['b.ts']);
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();

    // The refresh: the root comes from the cache, src/ is asked again.
    expect(names(await provider.list(''))).toEqual(['src', 'a.ts']);
    const src = provider.list('src');
    await tick();
    const asked = worker.requests();
    expect(asked.map((r) => r.path)).toEqual(['src']);
    worker.send([{ id: asked[0]!.id, names: ['b.ts', 'c.ts'], directories: [false, false] }]);
    expect(names(await src)).toEqual(['b.ts', 'c.ts']);
  });
});
