/// <reference lib="webworker" />
/**
 * Walks a connected folder's handles off the main thread (decisions 031 and 065): listing a
 * directory through the File System Access API is one promise and one browser round trip
 * per entry, which made most of the page's busy time while a large folder opened. Every
 * handle met is kept here, by path, so a directory is listed and a file stat'd or read from
 * its own handle; the page only receives names and kinds, sizes and bytes.
 */
import type {
  FolderError,
  FolderReply,
  FolderRequest,
  FolderStart,
} from './folder-listing-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

let root: FileSystemDirectoryHandle | null = null;
const directories = new Map<string, FileSystemDirectoryHandle>();
const files = new Map<string, FileSystemFileHandle>();

const split = (path: string) => path.split('/').filter(Boolean);
const joinPath = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

async function directory(path: string): Promise<FileSystemDirectoryHandle> {
  const known = directories.get(path);
  if (known) return known;
  if (!root) throw new Error('No folder');
  let current = root;
  for (const part of split(path)) current = await current.getDirectoryHandle(part);
  directories.set(path, current);
  return current;
}

async function fileHandle(path: string): Promise<FileSystemFileHandle> {
  const known = files.get(path);
  if (known) return known;
  const parts = split(path);
  const name = parts.pop();
  if (!name) throw new Error(`Not a file path: ${path}`);
  const handle = await (await directory(parts.join('/'))).getFileHandle(name);
  files.set(path, handle);
  return handle;
}

/**
 * Answers waiting to go back: those of one task go in one message, sent from a microtask so
 * that no answer waits behind the worker's other tasks (the walk pipelines many listings,
 * and the page lists the next level only once it has this one).
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
      const dir = await directory(path);
      const names: string[] = [];
      const kinds: boolean[] = [];
      for await (const handle of dir.values()) {
        const child = joinPath(path, handle.name);
        if (handle.kind === 'directory') directories.set(child, handle);
        else files.set(child, handle);
        names.push(handle.name);
        kinds.push(handle.kind === 'directory');
      }
      reply({ id, names, directories: kinds });
      return;
    }
    const file = await (await fileHandle(path)).getFile();
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

scope.onmessage = (event: MessageEvent<FolderStart | FolderRequest[]>) => {
  const data = event.data;
  if (!Array.isArray(data)) {
    root = data.root;
    directories.set('', root);
    return;
  }
  for (const request of data) void run(request);
};
