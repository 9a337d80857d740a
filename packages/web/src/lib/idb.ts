import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { registerReset } from './reset-registry';

/**
 * The browser database (folder handles and prompt history): named for the tool, version 1.
 * - `folderHandles`: the connected project's directory handle under one fixed key.
 * - `history`: prompt history per project (keyed by project name), used by the history feature.
 * Both stores are created in the single version-1 upgrade so no version bump is ever needed.
 */
export const IDB_NAME = 'promptloom';
export const IDB_VERSION = 1;
export const FOLDER_HANDLE_KEY = 'current';

interface PromptloomDb extends DBSchema {
  folderHandles: { key: string; value: FileSystemDirectoryHandle };
  history: { key: string; value: unknown };
}

let dbPromise: Promise<IDBPDatabase<PromptloomDb>> | null = null;

export function getDb(): Promise<IDBPDatabase<PromptloomDb>> {
  dbPromise ??= openDB<PromptloomDb>(IDB_NAME, IDB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('folderHandles')) db.createObjectStore('folderHandles');
      if (!db.objectStoreNames.contains('history')) db.createObjectStore('history');
    },
  });
  return dbPromise;
}

export async function saveFolderHandle(handle: FileSystemDirectoryHandle): Promise<void> {
  const db = await getDb();
  await db.put('folderHandles', handle, FOLDER_HANDLE_KEY);
}

export async function loadFolderHandle(): Promise<FileSystemDirectoryHandle | undefined> {
  const db = await getDb();
  return db.get('folderHandles', FOLDER_HANDLE_KEY);
}

export async function clearFolderHandle(): Promise<void> {
  const db = await getDb();
  await db.delete('folderHandles', FOLDER_HANDLE_KEY);
}

export async function deleteHistory(projectName: string): Promise<void> {
  const db = await getDb();
  await db.delete('history', projectName);
}

/** Empties every store of the database: folder handles and histories are the user's. */
async function clearEverything(): Promise<void> {
  const db = await getDb();
  await Promise.all([...db.objectStoreNames].map((store) => db.clear(store)));
}

registerReset('browser database', clearEverything);
