import type { FileEntry, FileStat, DecodedFile } from '@promptloom/core';
import type {
  FolderError,
  FolderReply,
  FolderRequest,
  FolderWalk,
  WalkFound,
  WalkItem,
} from '../../../../workers/folder-listing-protocol';
import type { BrowserFileProvider } from './browser-file-provider';

interface Pending {
  request: FolderRequest;
  resolve: (reply: FolderReply) => void;
  reject: (error: unknown) => void;
}

const toError = ({ name, message }: FolderError) => new DOMException(message, name);

const startWorker = () =>
  new Worker(new URL('../../../../workers/folder-listing.worker.ts', import.meta.url), {
    type: 'module',
  });

/** A worker started ahead, so that the first folder connected does not wait for it to load. */
let spare: Worker | null = null;
let prepared = false;

/** Starts the first folder's worker ahead of time (once per page; where workers run). */
export function prepareListingWorker(): void {
  if (prepared || typeof Worker === 'undefined') return;
  prepared = true;
  try {
    const worker = startWorker();
    worker.onerror = () => {
      worker.terminate();
      if (spare === worker) spare = null;
    };
    spare = worker;
  } catch {
    spare = null;
  }
}

/**
 * The folder-access provider served by a dedicated worker (folder-listing.worker.ts), which
 * holds every handle and walks the folder off the main thread (decision 065): the page posts
 * requests, batched per task, and gets names, sizes and bytes back. `prefetch` has the worker
 * walk the folder ahead of the page's scan with the scan's rules (decision 072): the scan then
 * takes each listing and .gitignore the walk posted instead of asking. Where no worker can run,
 * or once it fails, `fallback` (the same walk on this thread) answers instead, pending
 * requests included. Null when no worker can start at all.
 */
export function createWorkerHandles(
  root: FileSystemDirectoryHandle,
  fallback: () => BrowserFileProvider,
): BrowserFileProvider | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker | null;
  try {
    worker = spare ?? startWorker();
    spare = null;
    worker.postMessage({ root });
  } catch {
    return null;
  }
  let local: BrowserFileProvider | null = null;
  const direct = () => (local ??= fallback());
  const pending = new Map<number, Pending>();
  let queue: FolderRequest[] = [];
  let nextId = 1;

  // The walk ahead: what it posted, by `list:` or `read:` and path, each taken once; a scan's
  // ask for what it has not posted yet waits for it until the walk ends.
  let walking = 0;
  let walks = 0;
  let walkEnded = true;
  const found = new Map<string, WalkItem>();
  const waiting = new Map<string, (() => void)[]>();
  const wake = (key: string) => {
    const waiters = waiting.get(key);
    if (!waiters) return;
    waiting.delete(key);
    for (const resolve of waiters) resolve();
  };
  const wakeAll = () => [...waiting.keys()].forEach(wake);

  async function fromWalk(key: string): Promise<WalkItem | undefined> {
    let item = found.get(key);
    while (!item && !walkEnded) {
      await new Promise<void>((resolve) => {
        const waiters = waiting.get(key);
        if (waiters) waiters.push(resolve);
        else waiting.set(key, [resolve]);
      });
      item = found.get(key);
    }
    found.delete(key);
    return item;
  }

  function takeFound({ walk, found: items }: WalkFound) {
    if (walk !== walking) return;
    for (const item of items) {
      if ('walked' in item) {
        walkEnded = true;
        wakeAll();
        continue;
      }
      const key = 'list' in item ? `list:${item.list}` : `read:${item.read}`;
      found.set(key, item);
      wake(key);
    }
  }

  const fail = () => {
    worker?.terminate();
    worker = null;
    queue = [];
    walkEnded = true;
    wakeAll();
    for (const [id, entry] of pending) {
      pending.delete(id);
      answerDirectly(entry.request).then(entry.resolve, entry.reject);
    }
  };
  worker.onmessage = (event: MessageEvent<FolderReply[] | WalkFound>) => {
    if (!Array.isArray(event.data)) {
      takeFound(event.data);
      return;
    }
    for (const reply of event.data) {
      const entry = pending.get(reply.id);
      if (!entry) continue;
      pending.delete(reply.id);
      if ('error' in reply) entry.reject(toError(reply.error));
      else entry.resolve(reply);
    }
  };
  worker.onerror = fail;

  /** The same request answered on this thread, in the worker's reply shape. */
  async function answerDirectly({ id, op, path, limitBytes }: FolderRequest): Promise<FolderReply> {
    const provider = direct();
    if (op === 'list') {
      const entries = await provider.list(path);
      return {
        id,
        names: entries.map((e) => e.name),
        directories: entries.map((e) => e.kind === 'directory'),
      };
    }
    if (op === 'stat') return { id, ...(await provider.stat(path)) };
    if (op === 'text') return { id, text: await provider.readText!(path, limitBytes!) };
    if (op === 'file') return { id, file: await provider.fileOf!(path) };
    const bytes = await provider.readFile(path);
    return {
      id,
      buffer: bytes.buffer as ArrayBuffer,
      byteOffset: bytes.byteOffset,
      byteLength: bytes.byteLength,
    };
  }

  function ask(op: FolderRequest['op'], path: string, limitBytes?: number): Promise<FolderReply> {
    const request: FolderRequest = { id: nextId++, op, path, limitBytes };
    if (!worker) return answerDirectly(request);
    return new Promise((resolve, reject) => {
      pending.set(request.id, { request, resolve, reject });
      queue.push(request);
      // Requests made in the same task (the scan lists many folders at once) go together.
      if (queue.length === 1) {
        queueMicrotask(() => {
          const batch = queue;
          queue = [];
          if (batch.length > 0) worker?.postMessage(batch);
        });
      }
    });
  }

  return {
    kind: 'handle',
    rootName: root.name,
    unrepresentable: [],
    prefetch(rules) {
      if (!worker) return () => {};
      const id = ++walks;
      walking = id;
      walkEnded = false;
      found.clear();
      worker.postMessage({ walk: id, rules } satisfies FolderWalk);
      return () => {
        if (walking !== id) return;
        worker?.postMessage({ stopWalk: id } satisfies FolderWalk);
        walking = 0;
        walkEnded = true;
        found.clear();
        wakeAll();
      };
    },
    async list(dirPath) {
      const walked = await fromWalk(`list:${dirPath}`);
      if (walked && 'error' in walked) throw toError(walked.error);
      const reply = (walked ?? (await ask('list', dirPath))) as {
        names: string[];
        directories: boolean[];
      };
      // Sizes and mtimes come later (stat), for kept files only.
      return reply.names.map((name, i): FileEntry => ({
        name,
        kind: reply.directories[i] ? 'directory' : 'file',
        size: 0,
        mtime: 0,
      }));
    },
    async stat(path) {
      const { size, mtime } = (await ask('stat', path)) as FileStat;
      return { size, mtime };
    },
    async readFile(path) {
      // The walk reads the .gitignore files the scan reads, and no other file.
      const walked = /(^|\/)\.gitignore$/.test(path) ? await fromWalk(`read:${path}`) : undefined;
      if (walked && 'error' in walked) throw toError(walked.error);
      if (walked && 'buffer' in walked) return new Uint8Array(walked.buffer);
      const reply = (await ask('read', path)) as {
        buffer: ArrayBuffer;
        byteOffset: number;
        byteLength: number;
      };
      return new Uint8Array(reply.buffer, reply.byteOffset, reply.byteLength);
    },
    async readText(path, limitBytes) {
      return ((await ask('text', path, limitBytes)) as { text: DecodedFile }).text;
    },
    async fileOf(path) {
      return ((await ask('file', path)) as { file: File }).file;
    },
    // Whatever is still pending is answered on this thread.
    dispose: fail,
  };
}
