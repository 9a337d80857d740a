import { type FSWatcher, watch } from 'node:fs';
import { sep } from 'node:path';
import type { FileEntry } from '../files/provider';

/** One directory's entries, and whether one of them is a symbolic link (not cacheable). */
export interface DirectoryListing {
  entries: FileEntry[];
  hasSymlinks: boolean;
}

export type DirectoryLister = (absoluteDir: string) => Promise<DirectoryListing>;

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
  private readonly watchers = new Map<string, FSWatcher>();
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
    if (this.events > MAX_EVENTS_BETWEEN_SCANS) this.cache.clear();
    this.events = 0;
  }

  async list(absoluteDir: string): Promise<FileEntry[]> {
    const cached = this.cache.get(absoluteDir);
    if (cached) return cached;
    // Watch before listing, so a change made while listing is not missed.
    const watching = this.watch(absoluteDir);
    const listing = await this.lister(absoluteDir);
    if (watching && !listing.hasSymlinks && this.watchers.has(absoluteDir) && !this.closed) {
      this.cache.set(absoluteDir, listing.entries);
    }
    return listing.entries;
  }

  private watch(dir: string): boolean {
    if (this.closed) return false;
    if (this.watchers.has(dir)) return true;
    try {
      const watcher = watch(dir, { persistent: false }, (_event, name) => {
        this.events++;
        this.invalidate(dir, typeof name === 'string' ? name : null);
      });
      watcher.on('error', () => {
        watcher.close();
        this.watchers.delete(dir);
        this.invalidate(dir, null);
      });
      this.watchers.set(dir, watcher);
      return true;
    } catch {
      return false;
    }
  }

  /** Drops `dir` and the subtree of its entry `name` (all of its subtree if unknown). */
  private invalidate(dir: string, name: string | null): void {
    this.cache.delete(dir);
    const prefix = name === null ? `${dir}${sep}` : `${dir}${sep}${name}`;
    for (const key of this.cache.keys()) {
      if (key === prefix || key.startsWith(name === null ? prefix : `${prefix}${sep}`)) {
        this.cache.delete(key);
      }
    }
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.cache.clear();
  }
}
