import { HISTORY_ENTRIES_PER_PROJECT } from '../../config/limits';
import { describe, expect, it, vi } from 'vitest';
import type { GeneratedPromptEvent } from '../workspace';
import { createMemoryHistoryStorage } from './lib/history-storage';
import { createHistoryStore } from './store';

function event(projectName: string, n: number): GeneratedPromptEvent {
  return {
    projectName,
    generatedPrompt: `prompt ${n}`,
    currentComposition: [{ instanceId: `i${n}`, blockId: 'b1', isActive: true }],
    selectedFiles: ['src/a.ts'],
    finalRequest: `request ${n}`,
    totalTokens: 1000 + n,
    fileStructureSnapshot: { 'src/a.ts': { size: n, mtime: 1_700_000_000_000 + n } },
    fileContentSnapshot: { 'src/a.ts': `content ${n}` },
  };
}

const MODEL = {
  id: 'default',
  label: 'Default',
  tokenizer: 'cl100k_base',
  exact: true,
  budget: 200_000,
  format: 'sections',
} as const;

function setup() {
  const storage = createMemoryHistoryStorage();
  const onLatest = vi.fn();
  return { storage, onLatest, store: createHistoryStore(storage, { onLatestChange: onLatest }) };
}

describe('history store', () => {
  it('stores every field of the entry, with an id and a timestamp', async () => {
    const { store, storage } = setup();
    const entry = await store.add(event('alpha', 1), 1_700_000_123_000);
    expect(entry).toMatchObject({ ...event('alpha', 1), timestamp: 1_700_000_123_000 });
    expect(entry.id).toMatch(/\S{8,}/);
    expect(await storage.read('alpha')).toEqual([entry]);
  });

  it('puts new entries at the front', async () => {
    const { store } = setup();
    for (const n of [1, 2, 3]) await store.add(event('alpha', n));
    expect(store.entries('alpha').map((e) => e.generatedPrompt)).toEqual([
      'prompt 3',
      'prompt 2',
      'prompt 1',
    ]);
  });

  it('keeps one entry when the same prompt is generated again, at the newest time', async () => {
    const { store, storage } = setup();
    await store.add(event('alpha', 1), 1_000);
    for (const time of [2_000, 3_000, 4_000]) await store.add(event('alpha', 2), time);
    const stored = await storage.read('alpha');
    expect(stored.map((e) => [e.generatedPrompt, e.timestamp])).toEqual([
      ['prompt 2', 4_000],
      ['prompt 1', 1_000],
    ]);
    // Another model makes another entry, even for the same text.
    const other = { ...event('alpha', 2), model: { ...MODEL, id: 'gpt-4o' } };
    await store.add(other, 5_000);
    expect((await storage.read('alpha')).map((e) => e.timestamp)).toEqual([5_000, 4_000, 1_000]);
  });

  it(`keeps the newest ${HISTORY_ENTRIES_PER_PROJECT} entries per project`, async () => {
    const { store, storage } = setup();
    for (let n = 1; n <= HISTORY_ENTRIES_PER_PROJECT + 3; n++) await store.add(event('alpha', n));
    const stored = await storage.read('alpha');
    expect(stored).toHaveLength(HISTORY_ENTRIES_PER_PROJECT);
    expect(stored[0]!.generatedPrompt).toBe(`prompt ${HISTORY_ENTRIES_PER_PROJECT + 3}`);
    expect(stored.at(-1)!.generatedPrompt).toBe('prompt 4');
  });

  it('keeps projects apart', async () => {
    const { store, storage } = setup();
    await store.add(event('alpha', 1));
    await store.add(event('beta', 2));
    await store.add(event('alpha', 3));
    expect((await storage.read('alpha')).map((e) => e.generatedPrompt)).toEqual([
      'prompt 3',
      'prompt 1',
    ]);
    expect((await storage.read('beta')).map((e) => e.generatedPrompt)).toEqual(['prompt 2']);
    // A fresh store over the same storage reads what was written.
    const reread = createHistoryStore(storage);
    expect(await reread.load('beta')).toHaveLength(1);
    expect(reread.entries('alpha')).toEqual([]);
  });

  it('deletes one entry, and the next one becomes the latest snapshot', async () => {
    const { store, storage, onLatest } = setup();
    const first = await store.add(event('alpha', 1));
    const second = await store.add(event('alpha', 2));
    expect(onLatest).toHaveBeenLastCalledWith('alpha', second.fileStructureSnapshot);
    await store.remove('alpha', second.id);
    expect(await storage.read('alpha')).toEqual([first]);
    expect(store.entries('alpha')).toEqual([first]);
    expect(onLatest).toHaveBeenLastCalledWith('alpha', first.fileStructureSnapshot);
  });

  it("clears one project's history and no snapshot remains", async () => {
    const { store, storage, onLatest } = setup();
    await store.add(event('alpha', 1));
    await store.add(event('beta', 1));
    await store.clear('alpha');
    expect(await storage.read('alpha')).toEqual([]);
    expect(store.entries('alpha')).toEqual([]);
    expect(onLatest).toHaveBeenLastCalledWith('alpha', null);
    expect(await storage.read('beta')).toHaveLength(1);
  });

  it('clears every history (log-out)', async () => {
    const { store, storage, onLatest } = setup();
    await store.add(event('alpha', 1));
    await store.add(event('beta', 1));
    await store.clearAll();
    expect(await storage.read('alpha')).toEqual([]);
    expect(await storage.read('beta')).toEqual([]);
    expect(store.useStore.getState().byProject).toEqual({});
    expect(onLatest).toHaveBeenCalledWith('alpha', null);
    expect(onLatest).toHaveBeenCalledWith('beta', null);
  });

  it('loads the stored snapshot of a project for change detection', async () => {
    const { storage } = setup();
    await createHistoryStore(storage).add(event('alpha', 7));
    const onLatest = vi.fn();
    await createHistoryStore(storage, { onLatestChange: onLatest }).load('alpha');
    expect(onLatest).toHaveBeenCalledWith('alpha', event('alpha', 7).fileStructureSnapshot);
  });

  it('tells about every write, and only about real changes of the latest entry', async () => {
    const storage = createMemoryHistoryStorage();
    const onLatestChange = vi.fn();
    const onWrite = vi.fn();
    const store = createHistoryStore(storage, { onLatestChange, onWrite });
    const first = await store.add(event('alpha', 1));
    await store.add(event('alpha', 2));
    const second = store.entries('alpha')[0]!;
    expect(onWrite).toHaveBeenCalledTimes(2);
    onLatestChange.mockClear();
    await store.load('alpha');
    expect(onLatestChange).not.toHaveBeenCalled();
    expect(onWrite).toHaveBeenCalledTimes(2);
    await store.remove('alpha', first.id);
    expect(onLatestChange).not.toHaveBeenCalled();
    await store.remove('alpha', second.id);
    expect(onLatestChange).toHaveBeenCalledWith('alpha', null);
    await store.clearAll();
    expect(onWrite).toHaveBeenLastCalledWith(null);
  });

  it('ignores stored values it does not recognise', async () => {
    const { storage } = setup();
    await storage.update('alpha', () => []);
    expect(await storage.read('alpha')).toEqual([]);
  });
});
