import { type FileIndexEntry, hashText } from '@promptloom/core';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { ListedFile } from './suggest-index-protocol';
import { type PackedIndex, packIndex, type StoredEntry, unpackIndex } from './suggest-index-pack';

/**
 * The suggestion index kept between visits (decisions 097 and 105), beside the token counts
 * and keyed like them: one record per scope (the index's version and the project), holding
 * every file's size and mtime, its text's hash and its index entry (terms, definitions,
 * imports — what the ranker needs, never the text), packed into a few buffers
 * (suggest-index-pack.ts). Opened by the index worker (which fills it) and by the page (which
 * empties it at logout).
 */
const INDEX_DB = 'promptloom-suggest-index';
/** Version 1 kept one record per file in `files`; version 2 one packed record per scope. */
const INDEX_DB_VERSION = 2;
const STORE = 'projects';

interface IndexDb extends DBSchema {
  projects: { key: string; value: PackedIndex };
}

/** One connection per worker or page, given up when another wants a newer version. */
let connection: Promise<IDBPDatabase<IndexDb>> | null = null;

function openSuggestIndexDb(): Promise<IDBPDatabase<IndexDb>> {
  connection ??= openDB<IndexDb>(INDEX_DB, INDEX_DB_VERSION, {
    upgrade(database) {
      const names = database.objectStoreNames as DOMStringList;
      // The per-file records of version 1 are dropped: the next visit builds the packed one.
      if (names.contains('files')) database.deleteObjectStore('files' as never);
      if (!names.contains(STORE)) database.createObjectStore(STORE);
    },
    blocking() {
      void connection?.then((database) => database.close());
      connection = null;
    },
    terminated() {
      connection = null;
    },
  }).catch((error: unknown) => {
    connection = null;
    throw error;
  });
  return connection;
}

/**
 * One scope's index entries: read from the database once, answered by size and mtime (a file
 * not touched is never read again), by text hash (a file touched but not changed is read, not
 * indexed again), and written back whole after a build that changed anything.
 */
export class IndexCache {
  private changed = false;

  private constructor(
    private readonly scope: string,
    private readonly records: Map<string, StoredEntry>,
    private readonly persistent: boolean,
  ) {}

  /**
   * The scope's stored records; without IndexedDB an empty cache kept for this worker only.
   * A scope is `kind|project`: on a project's first visit with a new kind of entries, the
   * project's records of other kinds, which no build reads again, are deleted.
   */
  static async open(scope: string): Promise<IndexCache> {
    if (typeof indexedDB === 'undefined') return new IndexCache(scope, new Map(), false);
    try {
      const database = await openSuggestIndexDb();
      const packed = await database.get(STORE, scope);
      if (!packed) await deleteOtherKinds(database, scope);
      return new IndexCache(
        scope,
        packed ? unpackIndex(packed) : new Map<string, StoredEntry>(),
        true,
      );
    } catch (error) {
      console.warn('Suggestion index cache unavailable', error);
      return new IndexCache(scope, new Map(), false);
    }
  }

  /**
   * The files of `listed` that must be read: those with no record at their size and mtime.
   * Records of files no longer listed are dropped (written with the next `write`).
   */
  unread(listed: readonly ListedFile[]): ListedFile[] {
    const present = new Set<string>();
    const unread: ListedFile[] = [];
    for (const file of listed) {
      present.add(file.path);
      const record = this.records.get(file.path);
      if (!record || record.size !== file.size || record.mtime !== file.mtime) unread.push(file);
    }
    for (const path of this.records.keys()) {
      if (present.has(path)) continue;
      this.records.delete(path);
      this.changed = true;
    }
    return unread;
  }

  /**
   * Keeps `path` read as `text` at `stat`: the stored entry when the text's hash is the one
   * stored (only the mtime moved), else the entry `index` makes. True when it indexed. A path
   * with no record is indexed at once: `index` hashes the text in the scan that indexes it,
   * so that a first build reads each text once for both.
   */
  async take(
    path: string,
    stat: { size: number; mtime: number },
    text: string | null,
    index: (text: string) => IndexedText | Promise<IndexedText>,
  ): Promise<boolean> {
    const record = this.records.get(path);
    this.changed = true;
    if (text !== null && record === undefined) {
      const { entry, hash } = await index(text);
      this.records.set(path, { size: stat.size, mtime: stat.mtime, hash, entry });
      return true;
    }
    const hash = text === null ? '' : hashText(text);
    const same = record !== undefined && record.hash === hash;
    const entry = same ? record.entry : text === null ? null : (await index(text)).entry;
    this.records.set(path, { size: stat.size, mtime: stat.mtime, hash, entry });
    return !same && text !== null;
  }

  /**
   * Every indexed file's entry, by path as the CLI orders its index: the ranker breaks ties by
   * that order, so the web and `promptloom suggest` list the same files the same way.
   */
  entries(): FileIndexEntry[] {
    const entries: FileIndexEntry[] = [];
    for (const record of this.records.values())
      if (record.entry !== null) entries.push(record.entry);
    return entries.sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /** Writes the scope's index again, packed, when a build changed anything since the last. */
  async write(): Promise<void> {
    if (!this.persistent || !this.changed) return;
    this.changed = false;
    try {
      await (await openSuggestIndexDb()).put(STORE, packIndex(this.records), this.scope);
    } catch (error) {
      console.warn('Suggestion index not written', error);
    }
  }
}

/** The records of `scope`'s project under another kind of entries (an older index version). */
async function deleteOtherKinds(database: IDBPDatabase<IndexDb>, scope: string): Promise<void> {
  const project = scope.slice(scope.indexOf('|'));
  const transaction = database.transaction(STORE, 'readwrite');
  for (const key of await transaction.store.getAllKeys()) {
    if (key !== scope && key.slice(key.indexOf('|')) === project)
      await transaction.store.delete(key);
  }
  await transaction.done;
}

/** A file's index entry and its text's hash, as core's `indexFileHashed` gives them. */
export interface IndexedText {
  entry: FileIndexEntry;
  hash: string;
}

/** Logout: the index names the user's files and words, so it goes with the rest. */
export async function clearSuggestIndex(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const database = await openSuggestIndexDb();
  await database.clear(STORE);
}
