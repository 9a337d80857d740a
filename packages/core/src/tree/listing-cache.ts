import { baseName, type FileEntry, type FileProvider, parentPath } from '../files/provider';
import type { FileStat } from './types';

/**
 * One change under an observed folder, as the browser's FileSystemObserver reports it
 * (decision 036). `path` is relative to the observed root ('' is the root itself);
 * `from` is where a moved entry came from, when it came from inside the root.
 */
export interface PathChange {
  type: 'appeared' | 'disappeared' | 'modified' | 'moved' | 'unknown' | 'errored';
  path: string;
  from?: string | null;
}

/** A provider whose `list` names entries only and whose `stat` gives size and mtime. */
export interface StatFileProvider extends FileProvider {
  stat(path: string): Promise<FileStat>;
}

interface CachedDir {
  name: string;
  parent: CachedDir | null;
  /** Bumped whenever something in this folder changes: a read that started before is not kept. */
  version: number;
  entries?: FileEntry[];
  gitignore?: Uint8Array;
  stats: Map<string, FileStat>;
  dirs: Map<string, CachedDir>;
}

const newDir = (name: string, parent: CachedDir | null): CachedDir => ({
  name,
  parent,
  version: 0,
  stats: new Map(),
  dirs: new Map(),
});

/** What changed since a walk ahead began (a read it served may predate the change). */
class ReadAhead {
  private readonly folders = new Set<string>();
  private all = false;

  /** `unobserved`: the walk began before the observer ran, so nothing it reads is kept. */
  constructor(readonly unobserved: boolean) {}

  note(change: PathChange): void {
    if (change.type === 'errored' || change.type === 'unknown' || change.path === '') {
      this.all = true;
      return;
    }
    // The path itself when it is a folder (modified: listed again), and its parent.
    for (const path of [change.path, change.from]) {
      if (!path) continue;
      this.folders.add(path);
      this.folders.add(parentPath(path));
    }
  }

  changed(dirPath: string): boolean {
    return this.all || this.folders.has(dirPath);
  }
}

/**
 * What a folder's listing, its .gitignore and its files' sizes and mtimes were, kept while
 * an observer reports every change: a refresh then asks the disk only about what changed.
 * A scan through `cachedProvider` re-runs over the kept listings (the ignore rules applied
 * again, so the tree equals a full re-list) and lists only the folders with no valid
 * listing: the ones holding a change, new ones, and ones never entered before.
 * Only for providers whose `list` leaves size and mtime to `stat` (a kept listing does
 * not change when one of its files is modified).
 */
export class ListingCache {
  /**
   * `onOvertaken` runs when a read is answered but not kept because a change reached its
   * folder meanwhile: what the scan got may already be stale, so a refresh is due (the
   * change itself may have touched nothing listed yet, so `apply` did not say so).
   */
  constructor(private readonly onOvertaken: () => void = () => {}) {}

  private root = newDir('', null);
  private enabled = true;
  /** Reads are kept only once the observer runs: a change before that would go unseen. */
  private watching = false;
  /** Set while a walk reads ahead of the scans (see `readingAhead`). */
  private ahead: ReadAhead | null = null;

  /** The observer runs: what is read from now on may be kept. */
  observing(): void {
    this.watching = true;
  }

  /**
   * A walk reads ahead of the scans from now until the returned function runs: what it
   * answers was read at some moment since this call, possibly long before a scan asks
   * (decision 081). Such an answer is kept only if no change reached its folder since this
   * call, and nothing is kept when the observer did not run yet.
   */
  readingAhead(): () => void {
    const ahead = new ReadAhead(!this.watching);
    this.ahead = ahead;
    return () => {
      if (this.ahead === ahead) this.ahead = null;
    };
  }

  /** False once the observer failed: nothing is kept any more, every scan lists all. */
  get active(): boolean {
    return this.enabled;
  }

  /** Forgets everything (the observer may have missed changes): the next scan lists all. */
  clear(): void {
    this.root = newDir('', null);
  }

  /** The observer stopped: forget everything and keep nothing from now on. */
  disable(): void {
    this.enabled = false;
    this.clear();
  }

  /** The kept size and mtime of a file, if still valid. */
  stat(path: string): FileStat | undefined {
    return this.find(parentPath(path))?.stats.get(baseName(path));
  }

  /**
   * The kept sizes and mtimes of a folder's files, by name (one lookup for a folder's files:
   * `stat` per file walked the path of each of 25,000 files).
   */
  statsIn(dirPath: string): ReadonlyMap<string, FileStat> | undefined {
    return this.find(dirPath)?.stats;
  }

  /**
   * Drops what a change makes stale. Returns true when it touched a folder that was listed
   * (a change inside an ignored, never entered folder touches nothing).
   */
  apply(change: PathChange): boolean {
    this.ahead?.note(change);
    if (change.type === 'errored') {
      this.disable();
      return true;
    }
    if (change.type === 'unknown' || change.path === '') {
      this.clear();
      return true;
    }
    if (change.type === 'modified') return this.modified(change.path);
    let touched = this.replaced(change.path);
    if (change.type === 'moved' && change.from) touched = this.replaced(change.from) || touched;
    return touched;
  }

  /** An entry appeared or disappeared: its folder is listed again, its own subtree dropped. */
  private replaced(path: string): boolean {
    const parent = this.find(parentPath(path));
    if (!parent) return false;
    const name = baseName(path);
    const listed = parent.entries !== undefined || parent.dirs.has(name);
    parent.dirs.delete(name);
    parent.stats.delete(name);
    if (name === '.gitignore') parent.gitignore = undefined;
    parent.entries = undefined;
    parent.version++;
    return listed;
  }

  /** A file's content changed (its stat, or its rules if a .gitignore); a folder: list it again. */
  private modified(path: string): boolean {
    const dir = this.find(path);
    if (dir) {
      dir.entries = undefined;
      dir.version++;
      return true;
    }
    const parent = this.find(parentPath(path));
    if (!parent) return false;
    const name = baseName(path);
    const touched = parent.stats.delete(name) || (name === '.gitignore' && !!parent.gitignore);
    if (name === '.gitignore') parent.gitignore = undefined;
    parent.version++;
    return touched;
  }

  private find(path: string, create = false): CachedDir | undefined {
    let dir = this.root;
    if (path === '') return dir;
    for (const name of path.split('/')) {
      let next = dir.dirs.get(name);
      if (!next) {
        if (!create) return undefined;
        next = newDir(name, dir);
        dir.dirs.set(name, next);
      }
      dir = next;
    }
    return dir;
  }

  /** Still in the cache and unchanged since `version` was read. */
  private current(dir: CachedDir, version: number): boolean {
    if (!this.enabled || dir.version !== version) return false;
    let node = dir;
    while (node.parent) {
      if (node.parent.dirs.get(node.name) !== node) return false;
      node = node.parent;
    }
    return node === this.root;
  }

  /**
   * `inner` answered from the cache where it still holds: listings, .gitignore contents and
   * stats. Other reads go to `inner` (file contents have their own cache).
   */
  wrap<P extends StatFileProvider>(inner: P): P {
    return Object.assign(Object.create(inner) as P, {
      list: (dirPath: string) =>
        this.keep(
          dirPath,
          (dir) => dir.entries && [...dir.entries],
          () => inner.list(dirPath),
          storeListing,
        ),
      readFile: (path: string) =>
        baseName(path) !== '.gitignore'
          ? inner.readFile(path)
          : this.keep(
              parentPath(path),
              (dir) => dir.gitignore,
              () => inner.readFile(path),
              (dir, bytes) => (dir.gitignore = bytes),
            ),
      stat: (path: string) =>
        this.keep(
          parentPath(path),
          (dir) => dir.stats.get(baseName(path)),
          () => inner.stat(path),
          (dir, stat) => dir.stats.set(baseName(path), stat),
        ),
    });
  }

  /** Runs `read` and keeps its answer in the folder unless something changed meanwhile. */
  private async keep<T>(
    dirPath: string,
    cached: (dir: CachedDir) => T | undefined,
    read: () => Promise<T>,
    store: (dir: CachedDir, value: T) => void,
  ): Promise<T> {
    if (!this.enabled || !this.watching) return read();
    const dir = this.find(dirPath, true)!;
    const known = cached(dir);
    if (known !== undefined) return known;
    const version = dir.version;
    const ahead = this.ahead;
    const value = await read();
    if (!this.enabled) return value;
    if (!this.current(dir, version) || ahead?.changed(dirPath)) this.onOvertaken();
    else if (!ahead?.unobserved) store(dir, value);
    return value;
  }
}

/** Keeps only what is still on disk: sub-folders and stats of names the new listing has. */
function storeListing(dir: CachedDir, entries: FileEntry[]): void {
  dir.entries = entries;
  const files = new Set(entries.filter((e) => e.kind === 'file').map((e) => e.name));
  const dirs = new Set(entries.filter((e) => e.kind === 'directory').map((e) => e.name));
  for (const name of dir.dirs.keys()) if (!dirs.has(name)) dir.dirs.delete(name);
  for (const name of dir.stats.keys()) if (!files.has(name)) dir.stats.delete(name);
  if (!files.has('.gitignore')) dir.gitignore = undefined;
}
