import { FILE_SIZE_LIMIT_BYTES, type FileIndexEntry } from '@promptloom/core';
import { FILE_READ_GROUP_BYTES } from '../config/limits';
import { readTexts } from '../lib/joined-reads';
import { IndexCache } from './suggest-index-cache';
import { KeyPause } from './suggest-index-pause';
import type { ListedFile } from './suggest-index-protocol';

/** Groups of files read ahead of the one being indexed. */
const READS_IN_FLIGHT = 16;
/** A group's bytes while no key has been typed for KEY_QUIET_MS: a quarter of the joins. */
const QUIET_READ_GROUP_BYTES = 1024 * 1024;
/** How long after a key typed the build goes on reading in FILE_READ_GROUP_BYTES groups. */
export const KEY_QUIET_MS = 1000;

/**
 * The bytes of the next group read, from the time since the page last reported a key typed.
 * Every group is one join of its files in the browser's IO thread, the thread that also carries
 * the page's input: 1 MB groups ask it for a quarter of the joins, but each join is a task four
 * times as long, which a key typed meanwhile waits behind when the cores are few. So the build
 * reads 1 MB groups while no key has been typed lately, and the page's 256 KB ones otherwise.
 */
export function readGroupBytes(sinceKeyMs: number): number {
  return sinceKeyMs >= KEY_QUIET_MS ? QUIET_READ_GROUP_BYTES : FILE_READ_GROUP_BYTES;
}

/** What a build reports as it goes, and once its index is whole. */
interface BuildEvents {
  need(paths: string[]): void;
  progress(done: number, total: number): void;
  ready(summary: { files: number; reused: number; indexed: number }): void;
}

/** How a file's text becomes its index entry (core's indexFile, with its tags). */
type IndexText = (path: string, text: string) => FileIndexEntry | Promise<FileIndexEntry>;

/**
 * One scope's index as the worker keeps it: `open` names the project's files (the first visit,
 * each refresh), the files it has no entry for at their size and mtime are asked for (`need`),
 * `add` reads and indexes them as they come, and `ready` fires once every listed file is
 * known. A newer `open` supersedes what is pending: the files still coming for the older one
 * are read against the newer list only if it still names them.
 */
export class IndexBuild {
  private cache: IndexCache | null = null;
  private scope = '';
  private build = 0;
  private wanted = new Map<string, ListedFile>();
  private total = 0;
  private done = 0;
  private reused = 0;
  private indexed = 0;
  /** Batches are read and indexed one after the other: memory stays one batch deep. */
  private chain: Promise<void> = Promise.resolve();
  /** Groups reading or read and not yet indexed (at most READS_IN_FLIGHT). */
  private reading = 0;
  /** Files handed over and not read yet (for build `pendingBuild`), in the order handed over. */
  private pending: { path: string; file: File }[] = [];
  private pendingBytes = 0;
  private pendingBuild = 0;
  /** When the page last reported a key typed (performance.now()). */
  private lastKey = -Infinity;
  /** Whether `ready` has fired for the current build. */
  private finished = false;
  /** Wanted files already handed over (pending, reading or indexed), this build. */
  private queued = new Set<string>();
  /** Indexing gives way to keys typed in the page (decision 128). */
  private readonly pause = new KeyPause();

  constructor(
    private readonly index: IndexText,
    private readonly events: BuildEvents,
    private readonly openCache: (scope: string) => Promise<IndexCache> = (scope) =>
      IndexCache.open(scope),
  ) {}

  /** The page reported a key typed while this build runs. */
  keyTyped(key: number): void {
    this.lastKey = performance.now();
    this.pause.keyTyped(key);
  }

  /** The page reported that the frame drawing typed key `key` is done. */
  keyDrawn(key: number): void {
    this.pause.keyDrawn(key);
  }

  /** Every indexed file's entry (empty until the first open has read its cache). */
  entries(): FileIndexEntry[] {
    return this.cache?.entries() ?? [];
  }

  /**
   * Reads `scope`'s stored index ahead of its list of files, while the page still lists the
   * folder, so that `open` finds it in memory. Not while a build waits for files.
   */
  preload(scope: string): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (this.wanted.size > 0 || (this.cache && scope === this.scope)) return;
      this.scope = scope;
      this.cache = await this.openCache(scope);
    });
    return this.chain;
  }

  open(build: number, scope: string, files: readonly ListedFile[]): Promise<void> {
    this.build = build;
    this.chain = this.chain.then(async () => {
      if (build !== this.build) return;
      if (!this.cache || scope !== this.scope) {
        this.scope = scope;
        this.cache = await this.openCache(scope);
      }
      const unread = this.cache.unread(files);
      this.wanted = new Map(unread.map((file) => [file.path, file]));
      this.pending = [];
      this.pendingBytes = 0;
      this.pendingBuild = build;
      this.queued = new Set();
      this.finished = false;
      this.total = files.length;
      this.done = files.length - unread.length;
      this.reused = this.done;
      this.indexed = 0;
      if (unread.length > 0) this.events.need(unread.map((file) => file.path));
      await this.finishIfDone();
    });
    return this.chain;
  }

  /**
   * Files asked for by `need` (null: could not be opened), read in groups, then indexed.
   * Groups are cut across the page's messages, so that the page may hand files over a few at
   * a time without making reads smaller, and each is cut as it starts reading, at the size
   * `readGroupBytes` gives then: a group starts once a read is free and its files are more
   * than that size, or once every file still wanted has come.
   */
  add(build: number, files: readonly { path: string; file: File | null }[]): Promise<void> {
    if (build !== this.build) return this.chain;
    for (const { path, file } of files) {
      if (!this.wanted.has(path) || this.queued.has(path)) continue;
      if (!file) {
        this.forget(path);
        continue;
      }
      this.pending.push({ path, file });
      this.pendingBytes += file.size;
      this.pendingBuild = build;
      this.queued.add(path);
    }
    this.startGroups();
    this.chain = this.chain.then(() => (build === this.build ? this.finishIfDone() : undefined));
    return this.chain;
  }

  /**
   * Starts reading pending groups while fewer than READS_IN_FLIGHT are read ahead (reading
   * waits on the browser's blob storage, indexing on this thread); a group's read is freed
   * once it is indexed, so memory stays bounded.
   */
  private startGroups(): void {
    while (this.reading < READS_IN_FLIGHT && this.pending.length > 0) {
      const bytes = readGroupBytes(performance.now() - this.lastKey);
      const everyFileCame = this.queued.size >= this.wanted.size;
      if (this.pendingBytes <= bytes && !everyFileCame) return;
      let count = 0;
      let groupBytes = 0;
      while (count < this.pending.length) {
        const size = this.pending[count]!.file.size;
        if (count > 0 && groupBytes + size > bytes) break;
        groupBytes += size;
        count++;
      }
      const group = this.pending.splice(0, count);
      this.pendingBytes -= groupBytes;
      this.startGroup(this.pendingBuild, group);
    }
  }

  private startGroup(build: number, group: { path: string; file: File }[]): void {
    this.reading++;
    const read = readGroup(group.map(({ file }) => file));
    this.chain = this.chain.then(async () => {
      const texts = await read;
      try {
        if (build === this.build && this.cache) await this.take(group, texts, this.cache);
      } finally {
        this.reading--;
        this.startGroups();
      }
      if (build === this.build) await this.finishIfDone();
    });
  }

  /** Keeps a group's files as read: indexed, or their stored entries when their text is. */
  private async take(
    group: readonly { path: string; file: File }[],
    texts: readonly (string | null)[],
    cache: IndexCache,
  ): Promise<void> {
    for (let i = 0; i < group.length; i++) {
      const waited = this.pause.between();
      if (waited) await waited;
      const { path, file } = group[i]!;
      const stat = { size: file.size, mtime: file.lastModified };
      if (await cache.take(path, stat, texts[i] ?? null, (text) => this.index(path, text))) {
        this.indexed++;
      } else this.reused++;
      this.wanted.delete(path);
      this.queued.delete(path);
      this.done++;
    }
    this.events.progress(this.done, this.total);
  }

  /** A file that could not be opened: counted as done, nothing indexed for it. */
  private forget(path: string): void {
    this.wanted.delete(path);
    this.done++;
  }

  private async finishIfDone(): Promise<void> {
    if (this.wanted.size > 0 || !this.cache || this.finished) return;
    this.finished = true;
    const files = this.total;
    const { reused, indexed } = this;
    this.events.ready({ files, reused, indexed });
    await this.cache.write();
  }
}

/**
 * The group's texts, read as one Blob and decoded (decision 050); a group whose bytes are not
 * what its sizes said is read file by file. null for a binary, too large or unreadable file.
 */
async function readGroup(files: File[]): Promise<(string | null)[]> {
  const joined = await readTexts(files, FILE_SIZE_LIMIT_BYTES).catch(() => null);
  const decoded =
    joined ??
    (await Promise.all(
      files.map((file) =>
        readTexts([file], FILE_SIZE_LIMIT_BYTES).then(
          (texts) => texts?.[0] ?? null,
          () => null,
        ),
      ),
    ));
  return decoded.map((file) => (file && 'text' in file ? file.text : null));
}
