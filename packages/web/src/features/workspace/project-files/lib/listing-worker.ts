import type { FileEntry, FileStat, DecodedFile } from '@promptloom/core';
import type {
  FolderError,
  FolderReply,
  FolderRequest,
  FolderWalk,
  WalkFound,
  WalkItem,
} from '#web/workers/folder-listing-protocol.ts';
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

  const walk = new WalkAhead();

  const fail = () => {
    worker?.terminate();
    worker = null;
    queue = [];
    walk.end();
    for (const [id, entry] of pending) {
      pending.delete(id);
      answerDirectly(direct(), entry.request).then(entry.resolve, entry.reject);
    }
  };
  worker.onmessage = (event: MessageEvent<FolderReply[] | WalkFound>) => {
    if (!Array.isArray(event.data)) {
      walk.take(event.data);
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

  function ask(op: FolderRequest['op'], path: string, limitBytes?: number): Promise<FolderReply> {
    const request: FolderRequest = { id: nextId++, op, path, limitBytes };
    if (!worker) return answerDirectly(direct(), request);
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
      const id = walk.start();
      worker.postMessage({ walk: id, rules } satisfies FolderWalk);
      return () => {
        if (walk.stop(id)) worker?.postMessage({ stopWalk: id } satisfies FolderWalk);
      };
    },
    async list(dirPath) {
      const walked = await walk.get(`list:${dirPath}`);
      if (walked && 'error' in walked) throw toError(walked.error);
      return entriesOf((walked ?? (await ask('list', dirPath))) as ListReply);
    },
    async stat(path) {
      const { size, mtime } = (await ask('stat', path)) as FileStat;
      return { size, mtime };
    },
    async readFile(path) {
      // The walk reads the .gitignore files the scan reads, and no other file.
      const walked = /(^|\/)\.gitignore$/.test(path) ? await walk.get(`read:${path}`) : undefined;
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

type ListReply = { names: string[]; directories: boolean[] };

/** A folder's entries from a listing reply; sizes and mtimes come later (stat), for kept files only. */
function entriesOf(reply: ListReply): FileEntry[] {
  return reply.names.map((name, i): FileEntry => ({
    name,
    kind: reply.directories[i] ? 'directory' : 'file',
    size: 0,
    mtime: 0,
  }));
}

/** A request answered on this thread by `provider`, in the worker's reply shape. */
async function answerDirectly(
  provider: BrowserFileProvider,
  { id, op, path, limitBytes }: FolderRequest,
): Promise<FolderReply> {
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

/**
 * The walk ahead: what it posted, by `list:` or `read:` and path, each taken once; an ask for
 * what it has not posted yet waits for it until the walk ends.
 */
class WalkAhead {
  private walking = 0;
  private walks = 0;
  private ended = true;
  private readonly found = new Map<string, WalkItem>();
  private readonly waiting = new Map<string, (() => void)[]>();

  /** Starts a new walk (what an earlier one posted is dropped); its id. */
  start(): number {
    const id = ++this.walks;
    this.walking = id;
    this.ended = false;
    this.found.clear();
    return id;
  }

  /** Stops walk `id`; false when it is no longer the current walk. */
  stop(id: number): boolean {
    if (this.walking !== id) return false;
    this.walking = 0;
    this.found.clear();
    this.end();
    return true;
  }

  /** No more is coming: every ask still waiting gets what was posted, or nothing. */
  end(): void {
    this.ended = true;
    for (const key of [...this.waiting.keys()]) this.wake(key);
  }

  /** What the current walk posted (a message of an older walk is ignored). */
  take({ walk, found: items }: WalkFound): void {
    if (walk !== this.walking) return;
    for (const item of items) {
      if ('walked' in item) {
        this.end();
        continue;
      }
      const key = 'list' in item ? `list:${item.list}` : `read:${item.read}`;
      this.found.set(key, item);
      this.wake(key);
    }
  }

  /** The item the walk posted under `key`, once it has; undefined if it ends without it. */
  async get(key: string): Promise<WalkItem | undefined> {
    let item = this.found.get(key);
    while (!item && !this.ended) {
      await new Promise<void>((resolve) => {
        const waiters = this.waiting.get(key);
        if (waiters) waiters.push(resolve);
        else this.waiting.set(key, [resolve]);
      });
      item = this.found.get(key);
    }
    this.found.delete(key);
    return item;
  }

  private wake(key: string): void {
    const waiters = this.waiting.get(key);
    if (!waiters) return;
    this.waiting.delete(key);
    for (const resolve of waiters) resolve();
  }
}
