import { type FSWatcher, watch } from 'node:fs';
import { sep } from 'node:path';
import type { FileEntry } from '../files/provider';

/** One directory's entries, and whether one of them is a symbolic link (not cacheable). */
export interface DirectoryListing {
  entries: FileEntry[];
  hasSymlinks: boolean;
}

export type DirectoryLister = (absoluteDir: string) => Promise<DirectoryListing>;

/** What was notified since the previous `takeChanges()`. */
export interface ListingChanges {
  /** Directories to list again: notified, or never cacheable (listed on every scan). */
  dirs: string[];
  /** Entry names notified, by directory. */
  names: Map<string, Set<string>>;
  /** Something cannot be attributed to entries (watch error, unnamed event, overflow). */
  unknown: boolean;
}

/** Past this many notifications between two scans, every listing is taken again. */
const MAX_EVENTS_BETWEEN_SCANS = 1_000;

/**
 * Directory listings kept between scans of one project and dropped when the kernel reports
 * a change (inotify/FSEvents through fs.watch, one watch per listed directory: a change to
 * a file's content, a new, removed or renamed entry all notify its directory). A re-scan
 * re-lists (readdir + stats) only the directories that changed, instead of stat-ing every
 * file. Whatever cannot be watched is listed every time: a directory whose watch fails
 * (no more inotify watches) or errors, one holding symbolic links (their targets can
 * change elsewhere), and everything after a burst of notifications.
 */
export class WatchedListings {
  private readonly cache = new Map<string, FileEntry[]>();
  /** The last listing of every directory listed, cached or not (to compare with). */
  private readonly known = new Map<string, FileEntry[]>();
  /** Directories listed without caching (symbolic links inside, or no watch). */
  private readonly volatile = new Set<string>();
  private readonly watchers = new Map<string, FSWatcher>();
  private notified = new Map<string, Set<string>>();
  private unknown = false;
  private events = 0;
  private closed = false;

  constructor(private readonly lister: DirectoryLister) {}

  /**
   * Lets pending notifications arrive before a scan: events queued by the kernel before
   * this call are delivered by the next poll phase, which two check phases enclose.
   */
  async settle(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.events > MAX_EVENTS_BETWEEN_SCANS) {
      this.cache.clear();
      this.unknown = true;
    }
    this.events = 0;
  }

  /** Changes notified since the last call (call after `settle()`), and forgets them. */
  takeChanges(): ListingChanges {
    const names = this.notified;
    const dirs = new Set([...names.keys(), ...this.volatile]);
    const changes = { dirs: [...dirs], names, unknown: this.unknown };
    this.notified = new Map();
    this.unknown = false;
    return changes;
  }

  /** The last listing taken of `absoluteDir`, if it was ever listed. */
  previous(absoluteDir: string): FileEntry[] | undefined {
    return this.known.get(absoluteDir);
  }

  async list(absoluteDir: string): Promise<FileEntry[]> {
    const cached = this.cache.get(absoluteDir);
    if (cached) return cached;
    // Watch before listing, so a change made while listing is not missed.
    const watching = this.watch(absoluteDir);
    const listing = await this.lister(absoluteDir);
    if (this.closed) return listing.entries;
    this.known.set(absoluteDir, listing.entries);
    if (watching && !listing.hasSymlinks && this.watchers.has(absoluteDir)) {
      this.cache.set(absoluteDir, listing.entries);
      this.volatile.delete(absoluteDir);
    } else {
      this.volatile.add(absoluteDir);
    }
    return listing.entries;
  }

  private watch(dir: string): boolean {
    if (this.closed) return false;
    if (this.watchers.has(dir)) return true;
    try {
      const watcher = watch(dir, { persistent: false }, (_event, name) => {
        this.events++;
        if (typeof name === 'string') {
          let names = this.notified.get(dir);
          if (!names) this.notified.set(dir, (names = new Set()));
          names.add(name);
        } else {
          this.unknown = true;
        }
        this.invalidate(dir, typeof name === 'string' ? name : null);
      });
      watcher.on('error', () => {
        watcher.close();
        this.watchers.delete(dir);
        this.unknown = true;
        this.invalidate(dir, null);
      });
      this.watchers.set(dir, watcher);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Drops `dir` and the subtree of its entry `name` (all of its subtree if unknown). Watches
   * inside that subtree are closed too: a directory removed and made again is a new inode,
   * which the next listing watches afresh.
   */
  private invalidate(dir: string, name: string | null): void {
    this.cache.delete(dir);
    const root = name === null ? dir : `${dir}${sep}${name}`;
    const inside = (key: string) =>
      key.startsWith(`${root}${sep}`) || (name !== null && key === root);
    for (const key of [...this.cache.keys()]) if (inside(key)) this.cache.delete(key);
    for (const [key, watcher] of [...this.watchers]) {
      if (!inside(key)) continue;
      watcher.close();
      this.watchers.delete(key);
    }
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.cache.clear();
    this.known.clear();
  }
}
