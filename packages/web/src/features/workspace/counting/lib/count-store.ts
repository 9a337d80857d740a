import { type FileStat, type SegmentMemo, boundaryOf, hashText } from '@promptloom/core';
import { TOKEN_COUNT_CACHE_MAX_FILES } from '#web/config/limits.ts';
import { type DBSchema, type IDBPDatabase, openDB, unwrap } from 'idb';
import { registerReset } from '#web/lib/reset-registry.ts';
import { whenIdle } from '#web/lib/yield-to-browser.ts';

/**
 * The browser's token-count cache (decision 064): one record per file segment, inclusion mode
 * and scope (tokenizer, format, project), holding the file's size and mtime, the segment's length and
 * hash and its tokens — never its contents. A database of its own, so the folder-handle
 * database (whose handles must never be read back here) keeps its single version.
 */
const DB_NAME = 'promptloom-token-counts';
/** A record's name is `mode\0path` for a file; `#\0hash` (no mode is '#') for other pieces. */
const OTHER = '#\u0000';
const STORE = 'counts';

interface StoredCount {
  size: number;
  mtime: number;
  /** cyrb53 of the segment's text with its length (core's hashText). */
  hash: string;
  count: number;
  /**
   * The glue around the file's block in that segment (PromptSegment lead and trail) and the
   * text's boundary classes: with them the segment is answered without reading the file.
   * Absent from records written before they were kept.
   */
  glue?: string;
  startsVisible?: boolean;
  endsWithNewline?: boolean;
}

interface CountsDb extends DBSchema {
  counts: { key: string; value: StoredCount };
}

/**
 * Main-thread time per write transaction. A select-all count writes thousands of records;
 * in one go that is a 10–20 ms task, which a keystroke typed meanwhile waits behind.
 */
const WRITE_SLICE_MS = 4;
/** Pause in the counts landing after which they are written. */
const WRITE_PAUSE_MS = 250;

let dbPromise: Promise<IDBPDatabase<CountsDb>> | null = null;
/** Scopes read from the database in this page, by scope. */
const scopes = new Map<string, Promise<ScopeCounts>>();
/** Bumped by logout, so a write begun before it is dropped. */
let generation = 0;

function db(): Promise<IDBPDatabase<CountsDb>> {
  dbPromise ??= openDB<CountsDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
  return dbPromise;
}

/** One scope's stored counts, read once, written back once a count run's counts stop landing. */
class ScopeCounts {
  private pending = new Map<string, StoredCount>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A record came since the timer was set: wait another pause. */
  private putSinceTimer = false;
  /** Logout since this scope was read: its writes are dropped. */
  private readonly generation = generation;

  constructor(
    private readonly prefix: string,
    private readonly records: Map<string, StoredCount>,
    /** False without IndexedDB: counts are kept for this page only. */
    private readonly persistent: boolean,
  ) {}

  /**
   * The stored count of `text` as `path`'s segment, when the file's size and mtime and the
   * text's hash are those stored: an edit that keeps size and mtime still changes the hash.
   */
  get(path: string, stat: FileStat, text: string): number | undefined {
    const record = this.records.get(path);
    if (!record || record.size !== stat.size || record.mtime !== stat.mtime) return undefined;
    return record.hash === hashText(text) ? record.count : undefined;
  }

  /** A record of this file at this size and mtime can answer its segment unread. */
  knows(path: string, stat: FileStat): boolean {
    const record = this.records.get(path);
    return record?.glue !== undefined && record.size === stat.size && record.mtime === stat.mtime;
  }

  /**
   * The stored count of `path`'s segment with this glue, without its text: size and mtime
   * stand for the content (an edit keeping both to the millisecond is not seen, decision 067).
   */
  recall(path: string, stat: FileStat, glue: string): SegmentMemo | undefined {
    const record = this.records.get(path);
    if (!record || record.glue !== glue || !this.knows(path, stat)) return undefined;
    const { count, startsVisible, endsWithNewline } = record;
    return { count, startsVisible, endsWithNewline };
  }

  /** `hash`: the text's hashText when the caller has it (the tokenizer worker's). */
  put(
    path: string,
    stat: FileStat,
    text: string,
    count: number,
    glue: string,
    hash = hashText(text),
  ): void {
    const record = {
      size: stat.size,
      mtime: stat.mtime,
      hash,
      count,
      glue,
      ...boundaryOf(text),
    };
    this.keep(path, record);
  }

  /**
   * A piece that is no file's segment (a block, the structure, joined segments), by its
   * text's hash: after a reload, a count whose files are all known then has nothing to
   * tokenize, so it does not wait for the settle pause. Never a path, never a text.
   */
  otherCount(hash: string): number | undefined {
    return this.records.get(`${OTHER}${hash}`)?.count;
  }

  putOther(hash: string, count: number): void {
    this.keep(`${OTHER}${hash}`, { size: -1, mtime: -1, hash, count });
  }

  private keep(name: string, record: StoredCount): void {
    this.records.set(name, record);
    if (!this.persistent) return;
    this.pending.set(name, record);
    // Counts land in batches while a selection is counted: one write once they stop. One
    // timer per pause, not one per record (a batch answers hundreds of records in one task):
    // it waits again while records keep coming, so the write starts 250–500 ms after the last.
    if (this.timer === null) this.timer = setTimeout(() => this.flushOncePaused(), WRITE_PAUSE_MS);
    else this.putSinceTimer = true;
  }

  private flushOncePaused(): void {
    if (this.putSinceTimer) {
      this.putSinceTimer = false;
      this.timer = setTimeout(() => this.flushOncePaused(), WRITE_PAUSE_MS);
      return;
    }
    void this.flush();
  }

  /**
   * Writes the pending records in slices of WRITE_SLICE_MS, each its own transaction, each
   * in an idle period of the main thread, so typing never waits behind the cache.
   */
  private async flush(): Promise<void> {
    this.timer = null;
    const writes = [...this.pending];
    this.pending = new Map();
    try {
      const database = await db();
      await whenIdle();
      if (this.generation !== generation) return;
      if ((await database.count(STORE)) + writes.length > TOKEN_COUNT_CACHE_MAX_FILES) {
        // Past the bound, start over rather than track ages: the next counts refill it.
        await database.clear(STORE);
      }
      for (let next = 0; next < writes.length;) {
        await whenIdle();
        // A logout bumps the generation and clears the store: later slices are dropped.
        if (this.generation !== generation) return;
        const tx = database.transaction(STORE, 'readwrite');
        // The plain store: a put is one request, without a promise wrapped around it.
        const store = unwrap(tx.store);
        const sliceStart = performance.now();
        do {
          const [path, record] = writes[next++]!;
          store.put(record, `${this.prefix}${path}`);
        } while (next < writes.length && performance.now() - sliceStart < WRITE_SLICE_MS);
        await tx.done;
      }
    } catch (error) {
      console.warn('Token count cache not written', error);
    }
  }
}

/**
 * The stored counts of one scope (tokenizer|format|project), read from IndexedDB on first use
 * in the page. Without IndexedDB (or if it fails) an empty scope that keeps nothing.
 */
export function storedCounts(scope: string): Promise<ScopeCounts> {
  let counts = scopes.get(scope);
  if (!counts) {
    const prefix = `${scope}\u0000`;
    counts = (async () => {
      const records = new Map<string, StoredCount>();
      if (typeof indexedDB === 'undefined') return new ScopeCounts(prefix, records, false);
      try {
        const store = (await db()).transaction(STORE).store;
        const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
        // One transaction: the keys and the values are read in the same key order.
        const [keys, values] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
        keys.forEach((key, i) => records.set(key.slice(prefix.length), values[i]!));
      } catch (error) {
        console.warn('Token count cache unavailable', error);
      }
      return new ScopeCounts(prefix, records, true);
    })();
    scopes.set(scope, counts);
  }
  return counts;
}

/** Logout: the stored counts name the user's files, so they go with the rest. */
async function clearCounts(): Promise<void> {
  generation++;
  scopes.clear();
  if (typeof indexedDB === 'undefined') return;
  const database = await db();
  await database.clear(STORE);
}

registerReset('token count cache', clearCounts);
