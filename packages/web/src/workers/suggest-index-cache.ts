import { hashText } from '@promptloom/core';
import { type DBSchema, type IDBPDatabase, openDB, unwrap } from 'idb';
import type { ListedFile } from './suggest-index-protocol';

/**
 * The suggestion index kept between visits (decision 097), beside the token counts and keyed
 * like them: one record per file of a scope (the index's version and the project), holding
 * the file's size and mtime, its text's hash and its index entry (terms, definitions, imports —
 * what the ranker needs, never the text). Opened by the index worker (which fills it) and by
 * the page (which empties it at logout).
 */
const INDEX_DB = 'promptloom-suggest-index';
const STORE = 'files';

interface StoredEntry<Entry> {
  size: number;
  mtime: number;
  /** cyrb53 of the file's text with its length (core's hashText); '' when it was not read. */
  hash: string;
  /** null: the file is not indexed (binary, too large, unreadable). */
  entry: Entry | null;
}

interface IndexDb extends DBSchema {
  files: { key: string; value: StoredEntry<unknown> };
}

function openSuggestIndexDb(): Promise<IDBPDatabase<IndexDb>> {
  return openDB<IndexDb>(INDEX_DB, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
}

/** Records written per transaction, so that a first build's writes never hold the database long. */
const WRITE_SLICE = 500;

/**
 * One scope's index entries: read from the database once, answered by size and mtime (a file
 * not touched is never read again), by text hash (a file touched but not changed is read, not
 * indexed again), and written back in one pass after each build.
 */
export class IndexCache<Entry> {
  private readonly puts = new Set<string>();
  private readonly deletes = new Set<string>();

  private constructor(
    private readonly prefix: string,
    private readonly records: Map<string, StoredEntry<Entry>>,
    private readonly persistent: boolean,
  ) {}

  /** The scope's stored records; without IndexedDB an empty cache kept for this worker only. */
  static async open<Entry>(scope: string): Promise<IndexCache<Entry>> {
    const prefix = `${scope}\u0000`;
    const records = new Map<string, StoredEntry<Entry>>();
    if (typeof indexedDB === 'undefined') return new IndexCache(prefix, records, false);
    try {
      const store = (await openSuggestIndexDb()).transaction(STORE).store;
      const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
      const [keys, values] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
      keys.forEach((key, i) =>
        records.set(key.slice(prefix.length), values[i] as StoredEntry<Entry>),
      );
      return new IndexCache(prefix, records, true);
    } catch (error) {
      console.warn('Suggestion index cache unavailable', error);
      return new IndexCache(prefix, records, false);
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
      this.puts.delete(path);
      this.deletes.add(path);
    }
    return unread;
  }

  /**
   * Keeps `path` read as `text` at `stat`: the stored entry when the text's hash is the one
   * stored (only the mtime moved), else the entry `index` makes. True when it indexed.
   */
  async take(
    path: string,
    stat: { size: number; mtime: number },
    text: string | null,
    index: (text: string) => Entry | Promise<Entry>,
  ): Promise<boolean> {
    const hash = text === null ? '' : hashText(text);
    const record = this.records.get(path);
    const same = record !== undefined && record.hash === hash;
    const entry = same ? record.entry : text === null ? null : await index(text);
    this.records.set(path, { size: stat.size, mtime: stat.mtime, hash, entry });
    this.deletes.delete(path);
    this.puts.add(path);
    return !same && text !== null;
  }

  /** Every indexed file's entry, in no particular order. */
  entries(): Entry[] {
    const entries: Entry[] = [];
    for (const record of this.records.values())
      if (record.entry !== null) entries.push(record.entry);
    return entries;
  }

  /** Writes what changed since the last write, in slices of WRITE_SLICE records. */
  async write(): Promise<void> {
    const puts = [...this.puts];
    const deletes = [...this.deletes];
    this.puts.clear();
    this.deletes.clear();
    if (!this.persistent || puts.length + deletes.length === 0) return;
    try {
      const database = await openSuggestIndexDb();
      for (let at = 0; at < deletes.length; at += WRITE_SLICE) {
        const tx = database.transaction(STORE, 'readwrite');
        const store = unwrap(tx.store);
        for (const path of deletes.slice(at, at + WRITE_SLICE)) store.delete(this.prefix + path);
        await tx.done;
      }
      for (let at = 0; at < puts.length; at += WRITE_SLICE) {
        const tx = database.transaction(STORE, 'readwrite');
        const store = unwrap(tx.store);
        for (const path of puts.slice(at, at + WRITE_SLICE)) {
          const record = this.records.get(path);
          if (record) store.put(record, this.prefix + path);
        }
        await tx.done;
      }
    } catch (error) {
      console.warn('Suggestion index not written', error);
    }
  }
}

/** Logout: the index names the user's files and words, so it goes with the rest. */
export async function clearSuggestIndex(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const database = await openSuggestIndexDb();
  await database.clear(STORE);
}
