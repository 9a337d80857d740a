import { APPLY_UNDO_KEPT, type FileStat } from '@promptloom/core';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { registerReset } from '#web/lib/reset-registry.ts';

/** One file an apply wrote: its bytes before (null: the apply created it) and after (null: deleted). */
export interface AppliedFile {
  path: string;
  before: Uint8Array | null;
  after: Uint8Array | null;
  /**
   * The size and mtime the project's tree had for the file before the write: when the latest
   * prompt recorded the same, an undo puts back the file that prompt saw.
   */
  beforeStat?: FileStat;
}

/** What one "Write changes" did, kept so that it can be undone (decision 048). */
export interface ApplyRecord {
  id: string;
  projectName: string;
  /** Milliseconds since the epoch. */
  at: number;
  files: AppliedFile[];
}

/**
 * A database of its own, not a store of the app's 'promptloom' one: adding a store there
 * means a version upgrade, which a tab still open on the old version blocks (decision 048).
 */
const DB_NAME = 'promptloom-applies';

interface AppliesDb extends DBSchema {
  applies: { key: string; value: ApplyRecord[] };
}

let dbPromise: Promise<IDBPDatabase<AppliesDb>> | null = null;

function db(): Promise<IDBPDatabase<AppliesDb>> {
  dbPromise ??= openDB<AppliesDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('applies');
    },
  });
  return dbPromise;
}

/** The project's applies, newest first. */
export async function listApplies(projectName: string): Promise<ApplyRecord[]> {
  return (await (await db()).get('applies', projectName)) ?? [];
}

/** Keeps a new apply in front; only the last APPLY_UNDO_KEPT of a project stay. */
export async function saveApply(record: ApplyRecord): Promise<void> {
  const tx = (await db()).transaction('applies', 'readwrite');
  const list = (await tx.store.get(record.projectName)) ?? [];
  await tx.store.put([record, ...list].slice(0, APPLY_UNDO_KEPT), record.projectName);
  await tx.done;
}

export async function removeApply(projectName: string, id: string): Promise<void> {
  const tx = (await db()).transaction('applies', 'readwrite');
  const list = ((await tx.store.get(projectName)) ?? []).filter((record) => record.id !== id);
  if (list.length === 0) await tx.store.delete(projectName);
  else await tx.store.put(list, projectName);
  await tx.done;
}

/** Log-out: the kept file contents go with the rest of the user's local data. */
export async function clearAllApplies(): Promise<void> {
  await (await db()).clear('applies');
}

registerReset('applies', clearAllApplies);
