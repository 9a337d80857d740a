/**
 * Messages between the page and the folder-listing worker (folder-listing.worker.ts): the
 * page posts the folder's root handle once, then batches of requests, or a walk ahead of its
 * scan; the worker answers in batches (file bytes go back transferred, files read together in
 * one buffer).
 */
import type { DecodedFile } from '@promptloom/core/files/read';

export interface FolderStart {
  root: FileSystemDirectoryHandle;
}

export interface FolderRequest {
  id: number;
  /**
   * `text`: the file read, checked and decoded here (decodeFile), with `limitBytes` its cap;
   * `file`: the File itself, unread (the suggestion index reads it in its own worker).
   */
  op: 'list' | 'stat' | 'read' | 'text' | 'file';
  /** POSIX-style, relative to the root ('' is the root). */
  path: string;
  limitBytes?: number;
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
  | { id: number; text: DecodedFile }
  | { id: number; file: File }
  | { id: number; error: FolderError };

/** The ignore rules the page's scan applies, so that the worker enters the same folders. */
export interface WalkRules {
  corePatterns: readonly string[];
  globalPatterns?: readonly string[];
  ignoreCase: boolean;
}

/** Starts a walk of the whole folder (ending any earlier one), or stops it. */
export type FolderWalk = { walk: number; rules: WalkRules } | { stopWalk: number };

/**
 * What the walk found ahead of the page's asking: a folder's listing (`list`, its path) or a
 * .gitignore's bytes (`read`, the file's path); `walked` once the walk has ended.
 */
export type WalkItem =
  | { list: string; names: string[]; directories: boolean[] }
  | { read: string; buffer: ArrayBuffer }
  | { list: string; error: FolderError }
  | { read: string; error: FolderError }
  | { walked: true };

/** What a walk found since its last message (`walk` is its id). */
export interface WalkFound {
  walk: number;
  found: WalkItem[];
}
