import { FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';
import { FILE_READ_GROUP_BYTES } from '../config/limits';
import { groupBySize, readTexts } from '../lib/joined-reads';
import { IndexCache } from './suggest-index-cache';
import type { ListedFile } from './suggest-index-protocol';

/** What a build reports as it goes, and once its index is whole. */
interface BuildEvents {
  need(paths: string[]): void;
  progress(done: number, total: number): void;
  ready(summary: { files: number; reused: number; indexed: number }): void;
}

/** How a file's text becomes its index entry (core's indexFile, with its tags). */
type IndexText<Entry> = (path: string, text: string) => Entry | Promise<Entry>;

/**
 * One scope's index as the worker keeps it: `open` names the project's files (the first visit,
 * each refresh), the files it has no entry for at their size and mtime are asked for (`need`),
 * `add` reads and indexes them as they come, and `ready` fires once every listed file is
 * known. A newer `open` supersedes what is pending: the files still coming for the older one
 * are read against the newer list only if it still names them.
 */
export class IndexBuild<Entry> {
  private cache: IndexCache<Entry> | null = null;
  private scope = '';
  private build = 0;
  private wanted = new Map<string, ListedFile>();
  private total = 0;
  private done = 0;
  private reused = 0;
  private indexed = 0;
  /** Batches are read and indexed one after the other: memory stays one batch deep. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly index: IndexText<Entry>,
    private readonly events: BuildEvents,
    private readonly openCache: (scope: string) => Promise<IndexCache<Entry>> = (scope) =>
      IndexCache.open<Entry>(scope),
  ) {}

  /** Every indexed file's entry (empty until the first open has read its cache). */
  entries(): Entry[] {
    return this.cache?.entries() ?? [];
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
      this.total = files.length;
      this.done = files.length - unread.length;
      this.reused = this.done;
      this.indexed = 0;
      if (unread.length > 0) this.events.need(unread.map((file) => file.path));
      await this.finishIfDone();
    });
    return this.chain;
  }

  /** Files asked for by `need` (null: could not be opened), read in groups, then indexed. */
  add(build: number, files: readonly { path: string; file: File | null }[]): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (build !== this.build || !this.cache) return;
      const cache = this.cache;
      const mine = files.filter(({ path }) => this.wanted.has(path));
      const readable: { path: string; file: File }[] = [];
      for (const { path, file } of mine) {
        if (file) readable.push({ path, file });
        else this.forget(path);
      }
      for (const group of groupBySize(readable, ({ file }) => file.size, FILE_READ_GROUP_BYTES)) {
        const texts = await readGroup(group.map(({ file }) => file));
        for (let i = 0; i < group.length; i++) {
          const { path, file } = group[i]!;
          const stat = { size: file.size, mtime: file.lastModified };
          if (await cache.take(path, stat, texts[i] ?? null, (text) => this.index(path, text))) {
            this.indexed++;
          } else this.reused++;
          this.wanted.delete(path);
          this.done++;
        }
        this.events.progress(this.done, this.total);
      }
      await this.finishIfDone();
    });
    return this.chain;
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
