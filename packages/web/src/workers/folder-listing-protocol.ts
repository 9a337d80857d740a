/**
 * Messages between the page and the folder-listing worker (folder-listing.worker.ts): the
 * page posts the folder's root handle once, then batches of requests, or a walk ahead of its
 * scan; the worker answers in batches (file bytes go back one by one, transferred).
 */
export interface FolderStart {
  root: FileSystemDirectoryHandle;
}

/** The ignore rules the page's scan applies, so the worker walks the same folders. */
export interface WalkRules {
  corePatterns: readonly string[];
  globalPatterns?: readonly string[];
  ignoreCase: boolean;
}

/** Starts a walk of the whole folder (ending any earlier one), or stops it. */
export type FolderWalk = { id: number; walk: WalkRules } | { stopWalk: true };

/** What a walk found since its last message (`walk` is its id). */
export interface WalkFound {
  walk: number;
  found: WalkReply[];
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
  | { id: number; buffer: ArrayBuffer }
  | { id: number; error: FolderError };

/**
 * What the walk found, ahead of the page's asking: a folder's listing (`list`, its path) or
 * a .gitignore's bytes (`read`, the file's path); `walked` once the walk has ended.
 */
export type WalkReply =
  | { list: string; names: string[]; directories: boolean[] }
  | { read: string; buffer: ArrayBuffer }
  | { list: string; error: FolderError }
  | { read: string; error: FolderError }
  | { walked: true };
