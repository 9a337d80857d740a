import type { FileIndexEntry } from '@promptloom/core';
import { FILE_READ_GROUP_BYTES } from '../config/limits';
import { IndexCache, type IndexedText } from './suggest-index-cache';
import { readGroup, readWhole, textOf } from './suggest-index-reads';
import { IndexSlices } from './suggest-index-slices';
import type { JoinedFiles, ListedFile } from './suggest-index-protocol';

/** Groups of files (FILE_READ_GROUP_BYTES each) read ahead of the one being indexed. */
const READS_IN_FLIGHT = 16;

/** A counting semaphore: a slot is taken in call order and given back by `release`. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/** What a build reports as it goes, and once its index is whole. */
interface BuildEvents {
  /** `singly`: as Files, one each (a joined group that could not be read as one). */
  need(paths: string[], singly?: boolean): void;
  progress(done: number, total: number): void;
  ready(summary: { files: number; reused: number; indexed: number }): void;
}

/** A file of a group being read: where its stat comes from is its File's or the page's. */
interface Member {
  path: string;
  size: number;
  mtime: number;
}

/** How a file's text becomes its index entry (core's indexFile, with its tags). */
/** A file's entry and its text's hash (core's `indexFileHashed`). */
type IndexText = (path: string, text: string) => IndexedText | Promise<IndexedText>;

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
  private readonly slots = new Slots(READS_IN_FLIGHT);
  /** Files handed over and not read yet, cut into a group once it is full. */
  private pending: { path: string; file: File }[] = [];
  private pendingBytes = 0;
  /** Wanted files already handed over (pending, reading or indexed), this build. */
  private queued = new Set<string>();
  /** Indexing in slices, so that the page's messages are taken during a build. */
  private readonly slices = new IndexSlices();

  constructor(
    private readonly index: IndexText,
    private readonly events: BuildEvents,
    private readonly openCache: (scope: string) => Promise<IndexCache> = (scope) =>
      IndexCache.open(scope),
  ) {}

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
      this.queued = new Set();
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
   * Files asked for by `need` (null: could not be opened), read in groups of
   * FILE_READ_GROUP_BYTES, then indexed. Groups are cut across the page's messages, so that
   * the page may hand files over a few at a time without making reads smaller: a group
   * starts reading once it is full, or once every file still wanted has come.
   */
  add(build: number, files: readonly { path: string; file: File | null }[]): Promise<void> {
    if (build !== this.build) return this.chain;
    for (const { path, file } of files) {
      if (!this.wanted.has(path) || this.queued.has(path)) continue;
      if (!file) {
        this.forget(path);
        continue;
      }
      if (this.pending.length > 0 && this.pendingBytes + file.size > FILE_READ_GROUP_BYTES) {
        this.startGroup(build);
      }
      this.pending.push({ path, file });
      this.pendingBytes += file.size;
      this.queued.add(path);
    }
    if (this.pending.length > 0 && this.queued.size >= this.wanted.size) this.startGroup(build);
    this.chain = this.chain.then(() => (build === this.build ? this.finishIfDone() : undefined));
    return this.chain;
  }

  /**
   * Starts reading the pending group: up to READS_IN_FLIGHT groups read while earlier ones
   * are indexed (reading waits on the browser's blob storage, indexing on this thread); a
   * group's slot is freed once it is indexed, so memory stays bounded.
   */
  private startGroup(build: number): void {
    const group = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    const members = group.map(({ path, file }) => ({
      path,
      size: file.size,
      mtime: file.lastModified,
    }));
    this.readThenTake(build, members, () => readGroup(group.map(({ file }) => file)));
  }

  /**
   * Files the page joined into one Blob: read as one, as a group of handed-over files is, with
   * no File handed over (each costs a call into the browser's blob registry, on the thread
   * every read goes through).
   */
  addJoined(build: number, joined: JoinedFiles): Promise<void> {
    if (build !== this.build) return this.chain;
    // Files handed over before this group (one over the size cap, say) are read now: a group
    // of Files starts once full or once every wanted file has come as a File, and after a
    // joined group neither may ever happen, which left the build waiting for them for good.
    if (this.pending.length > 0) this.startGroup(build);
    const members: Member[] = joined.paths
      .split('\0')
      .map((path, i) => ({ path, size: joined.sizes[i]!, mtime: joined.mtimes[i]! }));
    const kept = members.flatMap(({ path }, i) =>
      this.wanted.has(path) && !this.queued.has(path) ? [i] : [],
    );
    for (const i of kept) this.queued.add(members[i]!.path);
    if (kept.length > 0) {
      this.readThenTake(
        build,
        kept.map((i) => members[i]!),
        async () => {
          const bytes = await readWhole(joined.blob, joined.sizes);
          return bytes && kept.map((i) => bytes[i]!);
        },
      );
    }
    this.chain = this.chain.then(() => (build === this.build ? this.finishIfDone() : undefined));
    return this.chain;
  }

  /**
   * Reads a group once a slot is free, then indexes it in turn. A joined group whose bytes are
   * not what its sizes said (a file changed since it was picked) is asked for again as Files.
   */
  private readThenTake(
    build: number,
    members: readonly Member[],
    read: () => Promise<(Uint8Array | null)[] | null>,
  ): void {
    const reading = this.slots.acquire().then(read);
    this.chain = this.chain.then(async () => {
      const bytes = await reading;
      try {
        if (build !== this.build || !this.cache) return;
        if (bytes) await this.take(members, bytes, this.cache);
        else {
          for (const { path } of members) this.queued.delete(path);
          this.events.need(
            members.map(({ path }) => path),
            true,
          );
        }
      } finally {
        this.slots.release();
      }
    });
  }

  /**
   * Keeps a group's files as read: indexed, or their stored entries when their text is. Each
   * file is decoded as its turn comes, so that its text is garbage by the next file.
   */
  private async take(
    group: readonly Member[],
    bytes: readonly (Uint8Array | null)[],
    cache: IndexCache,
  ): Promise<void> {
    for (let i = 0; i < group.length; i++) {
      const waited = this.slices.between();
      if (waited) await waited;
      const { path, size, mtime } = group[i]!;
      const stat = { size, mtime };
      if (
        await cache.take(path, stat, textOf(bytes[i] ?? null), (text) => this.index(path, text))
      ) {
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
    if (this.wanted.size > 0 || !this.cache) return;
    const files = this.total;
    const { reused, indexed } = this;
    this.events.ready({ files, reused, indexed });
    await this.cache.write();
  }
}
