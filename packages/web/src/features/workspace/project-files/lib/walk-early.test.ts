import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeListingWorker as FakeWorker } from '#web/test/fake-listing-worker.ts';
import { createHandleProvider } from './browser-file-provider';

const RULES = { corePatterns: ['.git/'], globalPatterns: [], ignoreCase: false };
const OTHER = { ...RULES, globalPatterns: ['*.log'] };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function connect() {
  vi.stubGlobal('Worker', FakeWorker);
  const provider = createHandleProvider({ name: 'demo' } as FileSystemDirectoryHandle, () => {});
  return { provider, worker: FakeWorker.last! };
}

afterEach(() => vi.unstubAllGlobals());

describe('createHandleProvider, the walk started when the folder is picked', () => {
  it('is taken over by the first scan with the same rules, not started again', async () => {
    const { provider, worker } = connect();
    provider.prefetchEarly!(RULES);
    await tick();
    expect(worker.walks()).toEqual([{ walk: 1, rules: RULES }]);
    const stop = provider.prefetch!(RULES);
    await tick();
    expect(worker.walks()).toEqual([{ walk: 1, rules: RULES }]);
    stop();
    expect(worker.walks()).toEqual([{ walk: 1, rules: RULES }, { stopWalk: 1 }]);
  });

  it('is stopped by a first scan with other rules, which walks with its own', async () => {
    const { provider, worker } = connect();
    provider.prefetchEarly!(RULES);
    await tick();
    provider.prefetch!(OTHER);
    await tick();
    expect(worker.walks()).toEqual([
      { walk: 1, rules: RULES },
      { stopWalk: 1 },
      { walk: 2, rules: OTHER },
    ]);
  });
});
