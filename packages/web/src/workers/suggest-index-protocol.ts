/**
 * Messages between the page and the suggestion index worker (suggest-index.worker.ts): the
 * page names the project's files with their sizes and mtimes, the worker answers which it must
 * read (those it does not know at that size and mtime), the page hands over those files (File
 * objects: no bytes cross the page), and the worker asks for rankings of the request on the
 * index it keeps (decision 097).
 */
import type { FileStat, RankedFile } from '@promptloom/core';

export interface ListedFile extends FileStat {
  path: string;
}

export type SuggestIndexRequest =
  /** (Re)builds `scope`'s index for these files: the first visit, a refresh, a change. */
  | { type: 'open'; build: number; scope: string; files: ListedFile[] }
  /** Files the worker asked for (`need`), in any number of batches; null: unreadable. */
  | { type: 'files'; build: number; files: { path: string; file: File | null }[] }
  /** Ranks `request` on the index as it stands. */
  | { type: 'rank'; id: number; request: string; changedPaths: string[]; top: number };

export type SuggestIndexReply =
  | { type: 'need'; build: number; paths: string[] }
  | { type: 'progress'; build: number; done: number; total: number }
  | { type: 'ready'; build: number; files: number; reused: number; indexed: number }
  | { type: 'ranked'; id: number; files: RankedFile[] }
  | { type: 'failed'; build?: number; id?: number; error: string };
