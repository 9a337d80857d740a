/**
 * Messages between the page and the suggestion index worker (suggest-index.worker.ts): the
 * page names the project's files with their sizes and mtimes, the worker answers which it must
 * read (those it does not know at that size and mtime), the page hands over those files (joined
 * into Blobs, or File objects: no bytes cross the page), and the worker asks for rankings of the request on the
 * index it keeps (decision 097). Lists of files cross as columns (decision 105).
 */
import type { FileStat, RankedFile } from '@promptloom/core';

export interface ListedFile extends FileStat {
  path: string;
}

/**
 * A list of files as columns: the paths joined by NUL (no path holds one), sizes and mtimes
 * in two buffers that are transferred. Cloning one string and moving two buffers takes the
 * page far less than cloning 25,000 objects, during which it would not answer a key.
 */
export interface ListedColumns {
  paths: string;
  sizes: Float64Array;
  mtimes: Float64Array;
}

export function toColumns(files: readonly ListedFile[]): ListedColumns {
  const sizes = new Float64Array(files.length);
  const mtimes = new Float64Array(files.length);
  const paths: string[] = [];
  files.forEach(({ path, size, mtime }, i) => {
    paths.push(path);
    sizes[i] = size;
    mtimes[i] = mtime;
  });
  return { paths: paths.join('\0'), sizes, mtimes };
}

export function fromColumns({ paths, sizes, mtimes }: ListedColumns): ListedFile[] {
  if (paths === '') return [];
  return paths.split('\0').map((path, i) => ({ path, size: sizes[i]!, mtime: mtimes[i]! }));
}

export type SuggestIndexRequest =
  /** Reads `scope`'s stored index while the page lists the folder (before its `open`). */
  | { type: 'preload'; scope: string }
  /**
   * (Re)builds `scope`'s index for these files: the first visit, a refresh, a change. With a
   * connected folder's `root`, the worker opens the files it needs itself (no `need`).
   */
  | {
      type: 'open';
      build: number;
      scope: string;
      files: ListedColumns;
      root?: FileSystemDirectoryHandle;
    }
  /** Files the worker asked for (`need`), in any number of batches; null: unreadable. */
  | { type: 'files'; build: number; files: { path: string; file: File | null }[] }
  /**
   * Files the worker asked for, joined by the page into one Blob (their bytes end to end, in
   * the order of `paths`, joined by NUL), with each one's size and mtime.
   */
  | { type: 'joined'; build: number; files: JoinedFiles }
  /** Ranks `request` on the index as it stands. */
  | { type: 'rank'; id: number; request: string; changedPaths: string[]; top: number };

/** Files joined into one Blob by the page: one registration with the browser, not one each. */
export interface JoinedFiles {
  paths: string;
  sizes: number[];
  mtimes: number[];
  blob: Blob;
}

export type SuggestIndexReply =
  /** The paths to hand over, joined by NUL; `singly`: as Files, not joined (a join failed). */
  | { type: 'need'; build: number; paths: string; singly?: boolean }
  | { type: 'progress'; build: number; done: number; total: number }
  | { type: 'ready'; build: number; files: number; reused: number; indexed: number }
  /** `ms`: the worker's time ranking it, for the bench to tell it from the round trip. */
  | { type: 'ranked'; id: number; files: RankedFile[]; ms: number }
  | { type: 'failed'; build?: number; id?: number; error: string };
