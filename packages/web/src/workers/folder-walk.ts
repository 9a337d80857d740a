/**
 * The folder-listing worker's walk ahead of the page's scan (decision 072): core's walk lists
 * every folder the scan will enter, with the scan's ignore rules, and each listing and
 * .gitignore goes to the page as soon as it is read, so that no level of the walk waits for
 * the page's main thread (a GC slice or a render there stalled the level-by-level walk).
 */
import type { FileProvider } from '@promptloom/core';
import { BROWSER_SCAN_CONCURRENCY } from '../config/limits';
// Core's walk alone: its index would bring the API contract's schemas along.
import { walkKeptFolders } from '@promptloom/core/walk';
import type { HandlesByPath } from '../lib/handles-by-path';
import type { FolderError, WalkFound, WalkItem, WalkRules } from './folder-listing-protocol';

export interface FolderWalker {
  start(id: number, rules: WalkRules): void;
  stop(id: number): void;
}

export function folderWalker(
  folder: () => HandlesByPath,
  post: (message: WalkFound, transfer: Transferable[]) => void,
  errorOf: (error: unknown) => FolderError,
): FolderWalker {
  let current: { id: number; controller: AbortController } | null = null;
  let found: WalkItem[] = [];
  let transfer: Transferable[] = [];

  // What one task found goes in one message, sent from a microtask: no timer, which a busy
  // worker runs late.
  const flush = (id: number) => {
    const batch = found;
    const buffers = transfer;
    found = [];
    transfer = [];
    if (batch.length > 0) post({ walk: id, found: batch }, buffers);
  };
  const add = (id: number, item: WalkItem, buffer?: ArrayBuffer) => {
    if (current?.id !== id) return;
    found.push(item);
    if (buffer) transfer.push(buffer);
    if (found.length === 1) queueMicrotask(() => flush(id));
  };

  async function walk(id: number, rules: WalkRules, signal: AbortSignal) {
    const handles = folder();
    const provider: FileProvider = {
      async list(path) {
        try {
          const entries = await handles.list(path);
          add(id, {
            list: path,
            names: entries.map((e) => e.name),
            directories: entries.map((e) => e.kind === 'directory'),
          });
          return entries;
        } catch (error) {
          add(id, { list: path, error: errorOf(error) });
          throw error;
        }
      },
      async readFile(path) {
        try {
          const buffer = await (await (await handles.file(path)).getFile()).arrayBuffer();
          // The walk decodes its own copy; the page's goes transferred.
          const bytes = new Uint8Array(buffer.slice(0));
          add(id, { read: path, buffer }, buffer);
          return bytes;
        } catch (error) {
          add(id, { read: path, error: errorOf(error) });
          throw error;
        }
      },
    };
    await walkKeptFolders(provider, { ...rules, concurrency: BROWSER_SCAN_CONCURRENCY, signal });
    add(id, { walked: true });
  }

  return {
    start(id, rules) {
      current?.controller.abort();
      const controller = new AbortController();
      current = { id, controller };
      found = [];
      transfer = [];
      void walk(id, rules, controller.signal);
    },
    stop(id) {
      if (current?.id !== id) return;
      current.controller.abort();
      current = null;
      found = [];
      transfer = [];
    },
  };
}
