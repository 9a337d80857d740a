import { closeSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FileEntry, FileProvider } from '../files/provider';
import type { DirectoryListing } from './watched-listings';

/**
 * One directory's files and subdirectories (synchronous: see NodeFileProvider). Symbolic
 * links are left out, to files and to directories alike: the browser's folder access
 * never shows them (Chromium skips them when listing), and a tree must not depend on the
 * door the folder came through (decision 030). token-worker.js lists with the same rules.
 */
export function listDirectory(absolute: string): DirectoryListing {
  const entries: FileEntry[] = [];
  let hasSymlinks = false;
  for (const dirent of readdirSync(absolute, { withFileTypes: true })) {
    if (dirent.isDirectory()) {
      entries.push({ name: dirent.name, kind: 'directory', size: 0, mtime: 0 });
      continue;
    }
    if (dirent.isSymbolicLink()) hasSymlinks = true;
    if (!dirent.isFile()) continue;
    // Undefined when it vanished between readdir and stat.
    const info = statSync(childOf(absolute, dirent.name), { throwIfNoEntry: false });
    if (!info?.isFile()) continue;
    entries.push({
      name: dirent.name,
      kind: 'file',
      size: info.size,
      mtime: Math.trunc(info.mtimeMs),
    });
  }
  return { entries, hasSymlinks };
}

/**
 * `dir`'s entry `name` (a name read from the directory: no separator, never `.` or `..`),
 * as path.join writes it: joined by hand, path.join normalizes the whole path again each
 * time (a stat and an open per file).
 */
function childOf(dir: string, name: string): string {
  if (sep !== '/' || !dir.startsWith('/') || !hasNoDotOrEmptySegment(dir)) return join(dir, name);
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}

/**
 * FileProvider over the local disk (tests, benchmarks, CLI). Listing uses the synchronous
 * calls on purpose: one directory's readdir + stats take well under a millisecond warm,
 * while the promise versions cost a thread-pool round trip per file (50 000 files: ~1.5 s
 * against ~0.2 s); reads likewise.
 */
export class NodeFileProvider implements FileProvider {
  /** readWith's buffer, grown to the largest read asked (the size cap: 1 MB). */
  private buffer: Buffer | null = null;
  /** `rootDir` as path.join ends it before a relative path ('' for '.'), on POSIX. */
  private readonly prefix: string | null;

  /**
   * `lister` lists a directory elsewhere with the same rules (TokenizerPool.listDirectory:
   * on worker threads, so the scan's stats run in parallel, off the main thread).
   */
  constructor(
    readonly rootDir: string,
    private readonly lister?: (absoluteDir: string) => Promise<FileEntry[]>,
  ) {
    this.prefix = sep === '/' ? join(rootDir, '-').slice(0, -1) : null;
  }

  /**
   * join(rootDir, path) without normalizing the whole path again (an open per file): the
   * tree's paths are already normal (relative, '/'-separated, no `.` or `..` segment, no
   * empty one); any other path goes through join.
   */
  private absolute(path: string): string {
    const prefix = this.prefix;
    if (prefix === null || !isNormalRelative(path)) return join(this.rootDir, path);
    return prefix + path;
  }

  list(dirPath: string): Promise<FileEntry[]> {
    const absolute = this.absolute(dirPath);
    if (this.lister) return this.lister(absolute);
    try {
      return Promise.resolve(listDirectory(absolute).entries);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Synchronous too: fs.promises.readFile is four thread-pool round trips per file. */
  readFile(path: string): Promise<Uint8Array> {
    try {
      return Promise.resolve(readFileSync(this.absolute(path)));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * open, read, close into one reused buffer: readFileSync also asks the size (fstat) and
   * allocates a buffer per file, whose external memory drives the garbage collector
   * (50,000 files: about a quarter of the read's CPU time).
   */
  readWith<T>(path: string, maxBytes: number, use: (bytes: Uint8Array) => T, expected = 0): T {
    if (!this.buffer || this.buffer.length < maxBytes) this.buffer = Buffer.allocUnsafe(maxBytes);
    const buffer = this.buffer;
    const fd = openSync(this.absolute(path), 'r');
    let length = 0;
    try {
      // Read on while short of the listed size (a local file's first read is its whole).
      for (;;) {
        const read = readSync(fd, buffer, length, maxBytes - length, null);
        length += read;
        if (read === 0 || length >= Math.min(expected, maxBytes)) break;
      }
    } finally {
      closeSync(fd);
    }
    return use(buffer.subarray(0, length));
  }
}

/** No `.` or `..` segment and no `//` (an absolute path may end with one `/`). */
function hasNoDotOrEmptySegment(path: string): boolean {
  if (path === '.' || path === '..' || path.startsWith('./') || path.startsWith('../')) {
    return false;
  }
  return (
    !path.includes('//') &&
    !path.includes('/./') &&
    !path.includes('/../') &&
    !path.endsWith('/.') &&
    !path.endsWith('/..')
  );
}

/** Whether path.join would leave `path` as it is after a prefix: a tree path. */
function isNormalRelative(path: string): boolean {
  return (
    path !== '' && !path.startsWith('/') && !path.endsWith('/') && hasNoDotOrEmptySegment(path)
  );
}
