/**
 * Messages between the page and the folder-listing worker (folder-listing.worker.ts): the
 * page posts the folder's root handle once, then batches of requests; the worker answers in
 * batches (file bytes go back transferred, files read together in one buffer).
 */
export interface FolderStart {
  root: FileSystemDirectoryHandle;
}

export interface FolderRequest {
  id: number;
  op: 'list' | 'stat' | 'read';
  /** POSIX-style, relative to the root ('' is the root). */
  path: string;
}

/** An error as the page rethrows it (a DOMException's name, e.g. NotFoundError, is kept). */
export interface FolderError {
  name: string;
  message: string;
}

export type FolderReply =
  | { id: number; names: string[]; directories: boolean[] }
  | { id: number; size: number; mtime: number }
  /** A file's bytes: its place in a buffer that may hold the other files read with it. */
  | { id: number; buffer: ArrayBuffer; byteOffset: number; byteLength: number }
  | { id: number; error: FolderError };
