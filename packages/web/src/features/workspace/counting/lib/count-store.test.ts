import 'fake-indexeddb/auto';
import {
  MemoryFileProvider,
  buildTreeIndex,
  hashText,
  scanProject,
  type FileStat,
  type PromptInput,
} from '@promptloom/core';
import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';

const counted: string[] = [];

vi.mock('./tokenizer-client', () => ({
  tokenizer: {
    estimated: false,
    countMany: (texts: string[]) => {
      counted.push(...texts);
      return Promise.resolve(texts.map((t) => t.length));
    },
  },
}));

/** A page load: the modules (and their in-memory counts) afresh, IndexedDB as it was left. */
async function loadPage() {
  vi.resetModules();
  const { countPromptSegments } = await import('./count-segments');
  const { resetAll } = await import('../../../../lib/reset-registry');
  return { countPromptSegments, resetAll };
}

async function project(files: Record<string, string>, stats: Map<string, FileStat>) {
  const provider = new MemoryFileProvider(files);
  const scan = await scanProject(provider, 'demo');
  const index = buildTreeIndex(scan.root);
  const input: PromptInput = {
    items: [{ type: 'SELECTED_FILES_CONTENT', content: '', isActive: true }],
    finalRequest: '',
    mode: 'PROJECT',
    project: { name: 'demo', provider, root: scan.root, fileCount: 3, stats },
    selectedFiles: index.filePaths,
  };
  return input;
}

const files = {
  'a.ts': 'export const a = 1;\n',
  'b.ts': 'export const b = 2;\n',
  'c.ts': 'export const c = 3;\n',
};
const stats = new Map<string, FileStat>(
  Object.entries(files).map(([path, text]) => [path, { size: text.length, mtime: 1000 }]),
);

/** What the cache's database holds: [key, record] pairs. */
async function stored(): Promise<[string, unknown][]> {
  const db = await openDB('promptloom-token-counts');
  const tx = db.transaction('counts');
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  db.close();
  return keys.map((key, i) => [key as string, values[i]]);
}

/** Waits (on state) until the store holds `b.ts` counted from `text`. */
async function written(text: string) {
  await vi.waitFor(async () => {
    const b = (await stored()).find(([key]) => key.endsWith('b.ts'));
    expect(b?.[1]).toMatchObject({ hash: hashText(text) });
  });
}

describe('the token-count cache in IndexedDB', () => {
  it('answers after a reload, recounts a file edited behind the same size and mtime, and empties on logout', async () => {
    const first = await loadPage();
    const cold = await first.countPromptSegments(await project(files, stats), stats, () => false);
    const segmentB = cold!.segments.find((s) => s.path === 'b.ts')!.text;
    expect(counted).toContain(segmentB);
    await written(segmentB);
    // Counts and hashes only: no file's content is stored.
    expect(JSON.stringify(await stored())).not.toContain('export const');

    // Reload: nothing is tokenized, the counts are the same.
    counted.length = 0;
    const second = await loadPage();
    const warm = await second.countPromptSegments(await project(files, stats), stats, () => false);
    expect(counted).toEqual([]);
    expect(warm!.counts).toEqual(cold!.counts);

    // b.ts edited to a text of the same length, its mtime put back: only it is recounted.
    counted.length = 0;
    const edited = { ...files, 'b.ts': 'export const b = 9;\n' };
    const third = await loadPage();
    const after = await third.countPromptSegments(await project(edited, stats), stats, () => false);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toContain('export const b = 9;');
    expect(after!.total).toBe(after!.segments.reduce((sum, s) => sum + s.text.length, 0));
    await written(counted[0]!);

    // Logout: no record is left, so the next page counts everything again.
    await third.resetAll();
    expect(await stored()).toEqual([]);
    counted.length = 0;
    const fourth = await loadPage();
    await fourth.countPromptSegments(await project(edited, stats), stats, () => false);
    expect(counted.length).toBeGreaterThan(0);
  });

  it('writes a long run of counts in short transactions, every record landing', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`f${i}.ts`, `export const f${i} = ${i};\n`]),
    );
    const manyStats = new Map<string, FileStat>(
      Object.entries(many).map(([path, text]) => [path, { size: text.length, mtime: 1000 }]),
    );
    const page = await loadPage();
    const input = await project(many, manyStats);
    // Each put seems to take 3 ms: a slice holds two records, so twelve take six transactions.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 3));
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    try {
      await page.countPromptSegments(input, manyStats, () => false);
      const ours = async () => (await stored()).filter(([key]) => /\0f\d+\.ts$/.test(key));
      await vi.waitFor(async () => expect(await ours()).toHaveLength(12));
      const writes = transactions.mock.calls.filter(([, mode]) => mode === 'readwrite');
      expect(writes.length).toBeGreaterThanOrEqual(6);
    } finally {
      clock.mockRestore();
      transactions.mockRestore();
    }
  });
});
