import 'fake-indexeddb/auto';
import {
  MemoryFileProvider,
  buildTreeIndex,
  generatePrompt,
  hashText,
  scanProject,
  type FileStat,
  type PromptInput,
} from '@promptloom/core';
import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';

const counted: string[] = [];
const read: string[] = [];

vi.mock('./tokenizer-client', () => ({
  tokenizer: {
    estimated: false,
    // With the hashes, as the workers answer (the page stores them without hashing again).
    countManyHashed: async (texts: string[]) => {
      counted.push(...texts);
      const { hashText } = await import('@promptloom/core');
      return { counts: texts.map((t) => t.length), hashes: texts.map(hashText) };
    },
  },
}));

/** A page load: the modules (and their in-memory counts) afresh, IndexedDB as it was left. */
async function loadPage() {
  vi.resetModules();
  const { countPromptSegments } = await import('./count-segments');
  const { resetAll } = await import('#web/lib/reset-registry.ts');
  return { countPromptSegments, resetAll };
}

async function project(files: Record<string, string>, stats: Map<string, FileStat>) {
  const memory = new MemoryFileProvider(files);
  const provider = {
    list: (dir: string) => memory.list(dir),
    readFile: (path: string) => {
      read.push(path);
      return memory.readFile(path);
    },
  };
  const scan = await scanProject(provider, 'demo');
  const index = buildTreeIndex(scan.root);
  const input: PromptInput = {
    // A block too: after a reload, it is known by its text's hash.
    items: [
      { type: 'STATIC', content: 'Review these files.', isActive: true },
      { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
    ],
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
const statsOf = (texts: Record<string, string>, mtimes: Record<string, number> = {}) =>
  new Map<string, FileStat>(
    Object.entries(texts).map(([path, text]) => [
      path,
      { size: text.length, mtime: mtimes[path] ?? 1000 },
    ]),
  );
const stats = statsOf(files);

/** The whole prompt's count under the mock tokenizer (a text's length): what a total must be. */
async function wholeCount(texts: Record<string, string>, at: Map<string, FileStat>) {
  const { prompt } = await generatePrompt(await project(texts, at));
  return prompt.length;
}

/** What the cache's database holds: [key, record] pairs. */
async function stored(): Promise<[string, unknown][]> {
  const db = await openDB('promptloom-token-counts');
  const tx = db.transaction('counts');
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  db.close();
  return keys.map((key, i) => [key as string, values[i]]);
}

/** Waits (on state) until the store holds `path` (b.ts) counted from `text`. */
async function written(text: string, path = 'b.ts') {
  await vi.waitFor(async () => {
    const b = (await stored()).find(([key]) => key.endsWith(path));
    expect(b?.[1]).toMatchObject({ hash: hashText(text) });
    // The write waits for an idle main thread, which a loaded machine gives late.
  }, 15_000);
}

describe('the token-count cache in IndexedDB', () => {
  it('answers after a reload without reading, re-reads a file whose size or mtime changed, and empties on logout', async () => {
    const first = await loadPage();
    const cold = await first.countPromptSegments(await project(files, stats), stats, () => false);
    const segmentB = cold!.segments.find((s) => s.path === 'b.ts')!.text;
    expect(counted).toContain(segmentB);
    await written(segmentB);
    // Counts, hashes and the glue around the files only: no file's content is stored.
    expect(JSON.stringify(await stored())).not.toContain('export const');

    // Reload: no file is read, nothing (not even the block) is tokenized, the counts the same.
    counted.length = 0;
    read.length = 0;
    const second = await loadPage();
    const warm = await second.countPromptSegments(await project(files, stats), stats, () => false);
    expect(read).toEqual([]);
    expect(counted).toEqual([]);
    expect(warm!.counts).toEqual(cold!.counts);
    expect(warm!.total).toBe(await wholeCount(files, stats));

    // b.ts edited to a text of the same size, saved later: only it is read and recounted.
    const editedB = { ...files, 'b.ts': 'export const b = 9;\n' };
    const laterB = statsOf(editedB, { 'b.ts': 2000 });
    counted.length = 0;
    read.length = 0;
    const third = await loadPage();
    const afterB = await third.countPromptSegments(
      await project(editedB, laterB),
      laterB,
      () => false,
    );
    expect(read).toEqual(['b.ts']);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toContain('export const b = 9;');
    expect(afterB!.total).toBe(await wholeCount(editedB, laterB));
    await written(counted[0]!);

    // c.ts edited to another size, its mtime put back: only it is read and recounted.
    const editedC = { ...editedB, 'c.ts': 'export const c = 33;\n' };
    const largerC = statsOf(editedC, { 'b.ts': 2000 });
    counted.length = 0;
    read.length = 0;
    const fourth = await loadPage();
    const afterC = await fourth.countPromptSegments(
      await project(editedC, largerC),
      largerC,
      () => false,
    );
    expect(read).toEqual(['c.ts']);
    expect(counted).toEqual([expect.stringContaining('export const c = 33;')]);
    expect(afterC!.total).toBe(await wholeCount(editedC, largerC));
    await written(counted[0]!, 'c.ts');

    // An edit keeping both size and mtime is not seen (decision 067, git's index does the same).
    const hidden = { ...editedC, 'a.ts': 'export const z = 1;\n' };
    read.length = 0;
    const fifth = await loadPage();
    await fifth.countPromptSegments(await project(hidden, largerC), largerC, () => false);
    expect(read).toEqual([]);

    // Logout: no record is left, so the next page counts everything again.
    await fifth.resetAll();
    expect(await stored()).toEqual([]);
    counted.length = 0;
    const sixth = await loadPage();
    await sixth.countPromptSegments(await project(editedC, largerC), largerC, () => false);
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
