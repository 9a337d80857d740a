/**
 * The one door to a project's files. Paths are POSIX-style and relative to the project
 * root ('' is the root, 'src/a.ts' a file). Implementations: the browser's
 * FileSystemDirectoryHandle and webkitdirectory File[] (web), fs/promises (core/node),
 * and an in-memory one for tests. Scanning only ever lists directories it has decided to
 * enter, so an ignored folder (node_modules) is never descended.
 */
import type { DecodedFile } from './read';

export type FileEntryKind = 'file' | 'directory';

export interface FileEntry {
  name: string;
  kind: FileEntryKind;
  /** Bytes; 0 for directories. */
  size: number;
  /** Last modification, epoch milliseconds; 0 when unknown or for directories. */
  mtime: number;
}

export interface FileProvider {
  /** Direct children of a directory ('' = root). Order does not matter. */
  list(dirPath: string): Promise<FileEntry[]>;
  /** Raw bytes of a file; decoding, BOM and binary checks are done by readProjectFile. */
  readFile(path: string): Promise<Uint8Array>;
  /**
   * Optional, synchronous: the file's first `maxBytes` bytes (all of it when shorter), handed
   * to `use` in a buffer valid only during that call (the Node provider reuses one buffer:
   * no allocation and no size query per file). `expected`: the listed size, read up to when
   * a read returns less. Throws as readFile rejects.
   */
  readWith?<T>(path: string, maxBytes: number, use: (bytes: Uint8Array) => T, expected?: number): T;
  /**
   * Optional: the file read, checked and decoded by `decodeFile` where the provider reads it
   * (the browser's, in a worker: decoding is the costliest part of a read, and the page's
   * thread has keystrokes to paint). Preferred by readProjectFile; rejects as readFile does.
   */
  readText?(path: string, limitBytes: number): Promise<DecodedFile>;
}

export function joinPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

export function parentPath(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Lower-case extension without the dot ('' when none; dotfiles like .env have none). */
export function extensionOf(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}
