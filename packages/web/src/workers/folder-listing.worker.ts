/// <reference lib="webworker" />
/**
 * Walks a connected folder's handles off the main thread (decisions 031, 065 and 066):
 * listing a directory through the File System Access API is one promise and one browser
 * round trip per entry. Every handle met is kept here, by path, so a directory is listed and
 * a file stat'd or read from its own handle; the page only receives names and kinds, sizes
 * and bytes. Before the page's scan, the worker walks the whole folder with the same ignore
 * rules (core's scan: the same folders entered, each .gitignore read), so the page finds
 * each listing already there instead of asking for it level by level.
 */
// Core's scan and limits alone: its index would bring the API contract's schemas along.
import type { FileProvider } from '@promptloom/core';
import { BROWSER_SCAN_CONCURRENCY, FOLDER_WALK_POST_INTERVAL_MS } from '@promptloom/core/limits';
import { scanProject } from '@promptloom/core/scan';
import { handlesByPath, type HandlesByPath } from '../lib/handles-by-path';
import type {
  FolderError,
  FolderReply,
  FolderRequest,
  FolderStart,
  FolderWalk,
  WalkFound,
  WalkReply,
  WalkRules,
} from './folder-listing-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

let handles: HandlesByPath | null = null;
const folder = () => {
  if (!handles) throw new Error('No folder');
  return handles;
};

/**
 * Answers waiting to go back: those of one task go in one message, sent from a microtask so
 * that no answer waits behind the worker's other tasks.
 */
let replies: FolderReply[] = [];

function flush() {
  const batch = replies;
  replies = [];
  scope.postMessage(batch);
}

function reply(answer: FolderReply) {
  replies.push(answer);
  if (replies.length === 1) queueMicrotask(flush);
}

const errorOf = (error: unknown): FolderError =>
  error instanceof Error || error instanceof DOMException
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };

async function run({ id, op, path }: FolderRequest): Promise<void> {
  try {
    if (op === 'list') {
      const entries = await folder().list(path);
      reply({
        id,
        names: entries.map((e) => e.name),
        directories: entries.map((e) => e.kind === 'directory'),
      });
      return;
    }
    const file = await (await folder().file(path)).getFile();
    if (op === 'stat') {
      reply({ id, size: file.size, mtime: file.lastModified });
      return;
    }
    const buffer = await file.arrayBuffer();
    scope.postMessage([{ id, buffer }], [buffer]);
  } catch (error) {
    reply({ id, error: errorOf(error) });
  }
}

/** The walk under way, if any; what it found goes back at most once a frame. */
let walk: AbortController | null = null;
let walkId = 0;
let found: WalkReply[] = [];

function postFound() {
  const batch = found;
  found = [];
  if (batch.length > 0) scope.postMessage({ walk: walkId, found: batch } satisfies WalkFound);
}

function foundOne(controller: AbortController, item: WalkReply) {
  if (controller.signal.aborted) return;
  found.push(item);
  if (found.length === 1) setTimeout(postFound, FOLDER_WALK_POST_INTERVAL_MS);
}

async function startWalk(id: number, rules: WalkRules): Promise<void> {
  walk?.abort();
  postFound();
  const controller = new AbortController();
  walk = controller;
  walkId = id;
  const dir = folder();
  // Every listing and .gitignore the scan reads is also posted to the page, which asks the
  // same ones in the same order of levels.
  const provider: FileProvider = {
    async list(path) {
      try {
        const entries = await dir.list(path);
        foundOne(controller, {
          list: path,
          names: entries.map((e) => e.name),
          directories: entries.map((e) => e.kind === 'directory'),
        });
        return entries;
      } catch (error) {
        foundOne(controller, { list: path, error: errorOf(error) });
        throw error;
      }
    },
    async readFile(path) {
      try {
        const buffer = await (await (await dir.file(path)).getFile()).arrayBuffer();
        foundOne(controller, { read: path, buffer });
        return new Uint8Array(buffer);
      } catch (error) {
        foundOne(controller, { read: path, error: errorOf(error) });
        throw error;
      }
    },
  };
  try {
    await scanProject(provider, '', {
      ...rules,
      concurrency: BROWSER_SCAN_CONCURRENCY,
      signal: controller.signal,
    });
  } catch {
    // The page meets the same error when it takes that listing, as it would asking itself.
  }
  if (walk !== controller) return;
  foundOne(controller, { walked: true });
  controller.abort();
  walk = null;
  postFound();
}

scope.onmessage = (event: MessageEvent<FolderStart | FolderWalk | FolderRequest[]>) => {
  const data = event.data;
  if (Array.isArray(data)) {
    for (const request of data) void run(request);
  } else if ('root' in data) {
    handles = handlesByPath(data.root);
  } else if ('walk' in data) {
    void startWalk(data.id, data.walk);
  } else {
    walk?.abort();
    walk = null;
    found = [];
  }
};
