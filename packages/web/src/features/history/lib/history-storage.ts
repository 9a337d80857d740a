import { getDb } from '../../../lib/idb';
import type { HistoryEntry } from '../types';
import { parseStoredHistory, toStoredHistory } from './history-list';

/**
 * Where histories live: one record per project name. `update` is a read-modify-write
 * that never interleaves with another update of the same storage (IndexedDB: one
 * readwrite transaction), so two quick generations cannot lose an entry.
 */
export interface HistoryStorage {
  read(projectName: string): Promise<HistoryEntry[]>;
  /** Applies `change` to the stored list and returns the list now stored (empty: removed). */
  update(
    projectName: string,
    change: (entries: HistoryEntry[]) => HistoryEntry[],
  ): Promise<HistoryEntry[]>;
  clearAll(): Promise<void>;
}

/** The browser database's 'history' store (lib/idb.ts). */
export function createIdbHistoryStorage(): HistoryStorage {
  return {
    async read(projectName) {
      const db = await getDb();
      return parseStoredHistory(await db.get('history', projectName));
    },
    async update(projectName, change) {
      const db = await getDb();
      const tx = db.transaction('history', 'readwrite');
      const next = change(parseStoredHistory(await tx.store.get(projectName)));
      if (next.length === 0) await tx.store.delete(projectName);
      else await tx.store.put(toStoredHistory(next), projectName);
      await tx.done;
      return next;
    },
    async clearAll() {
      const db = await getDb();
      await db.clear('history');
    },
  };
}

/** The same contract in memory, for tests: values are structured-cloned as IndexedDB does. */
export function createMemoryHistoryStorage(): HistoryStorage {
  const data = new Map<string, unknown>();
  return {
    read(projectName) {
      return Promise.resolve(parseStoredHistory(structuredClone(data.get(projectName))));
    },
    update(projectName, change) {
      const next = change(parseStoredHistory(structuredClone(data.get(projectName))));
      if (next.length === 0) data.delete(projectName);
      else data.set(projectName, structuredClone(toStoredHistory(next)));
      return Promise.resolve(next);
    },
    clearAll() {
      data.clear();
      return Promise.resolve();
    },
  };
}
