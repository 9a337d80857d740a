import { checkApplyPath, type FileProvider, type FileStat } from '@promptloom/core';

/** The permission calls TypeScript's DOM library does not declare yet (Chromium only). */
interface WritableHandle {
  queryPermission?: (options: { mode: 'readwrite' }) => Promise<PermissionState>;
  requestPermission?: (options: { mode: 'readwrite' }) => Promise<PermissionState>;
}

/**
 * Asks for write access to the folder (once: a granted permission is answered at once).
 * Handles of the origin-private file system have no permission API and are always writable.
 */
export async function ensureWritePermission(root: FileSystemDirectoryHandle): Promise<boolean> {
  const handle = root as FileSystemDirectoryHandle & WritableHandle;
  if (!handle.queryPermission || !handle.requestPermission) return true;
  if ((await handle.queryPermission({ mode: 'readwrite' })) === 'granted') return true;
  return (await handle.requestPermission({ mode: 'readwrite' })) === 'granted';
}

function isNotFound(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'NotFoundError';
}

/** A file where a folder is needed on the way to `path`, or a folder where its file is needed. */
export class PathClashError extends Error {
  constructor(
    readonly path: string,
    readonly at: string,
  ) {
    super(`${path}: ${at} is a file where a folder is needed, or a folder where a file is`);
  }
}

const isTypeMismatch = (error: unknown) =>
  error instanceof DOMException && error.name === 'TypeMismatchError';

/**
 * The browser resolves names on the real file system, which may take `.GIT`, `.git.` or
 * `git~1` for `.git` (Windows, macOS); the planner refuses those, and so does every call
 * here, whatever asks for it (an undo record kept in IndexedDB, a future caller). Decision 091.
 */
function allowedPath(path: string): string {
  const checked = checkApplyPath(path);
  if (!checked.ok || checked.path !== path)
    throw new Error(`Refused path: ${JSON.stringify(path)}`);
  return path;
}

/**
 * Folder handles one batch of reads has resolved, by folder path: the files an answer
 * touches share their folders, and each step down a folder is a call to the browser.
 */
export type FolderCache = Map<string, Promise<FileSystemDirectoryHandle>>;

async function folderOf(
  root: FileSystemDirectoryHandle,
  path: string,
  create: boolean,
  folders?: FolderCache,
): Promise<{ dir: FileSystemDirectoryHandle; name: string }> {
  const parts = allowedPath(path).split('/');
  const name = parts.pop()!;
  let dir = root;
  let at = '';
  for (const part of parts) {
    at = at === '' ? part : `${at}/${part}`;
    try {
      let next = folders?.get(at);
      if (!next) {
        next = dir.getDirectoryHandle(part, { create });
        folders?.set(at, next);
      }
      dir = await next;
    } catch (error) {
      if (isTypeMismatch(error)) throw new PathClashError(path, at);
      throw error;
    }
  }
  return { dir, name };
}

/**
 * A file's bytes through the folder handle; null when it does not exist. A clash (a file
 * where a folder is needed, a folder at the path) throws `PathClashError`. Reads made
 * together may share `folders`, to resolve each folder once.
 */
export async function readHandleBytes(
  root: FileSystemDirectoryHandle,
  path: string,
  folders?: FolderCache,
): Promise<Uint8Array | null> {
  try {
    const { dir, name } = await folderOf(root, path, false, folders);
    const file = await (await dir.getFileHandle(name)).getFile();
    return new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    if (isNotFound(error)) return null;
    if (isTypeMismatch(error)) throw new PathClashError(path, path);
    throw error;
  }
}

/** A file's size and mtime as the project's tree lists them; null when it does not exist. */
export async function statHandleFile(
  root: FileSystemDirectoryHandle,
  path: string,
): Promise<FileStat | null> {
  try {
    const { dir, name } = await folderOf(root, path, false);
    const file = await (await dir.getFileHandle(name)).getFile();
    return { size: file.size, mtime: file.lastModified };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** A file's bytes through the project's provider (the upload path); null when absent. */
export async function readProviderBytes(
  provider: FileProvider,
  path: string,
): Promise<Uint8Array | null> {
  try {
    return await provider.readFile(path);
  } catch (error) {
    const notFound = isNotFound(error) || isTypeMismatch(error);
    if (notFound || (error instanceof Error && /not (be )?found/i.test(error.message))) {
      return null;
    }
    throw error;
  }
}

/**
 * Reads one batch of files (sharing the folders they resolve): through the folder handle when
 * there is one, else through the provider.
 */
export function batchReader(
  provider: FileProvider,
  handle: FileSystemDirectoryHandle | null,
): (path: string) => Promise<Uint8Array | null> {
  const folders: FolderCache = new Map();
  return (path) =>
    handle ? readHandleBytes(handle, path, folders) : readProviderBytes(provider, path);
}

/** Writes a file's bytes, creating it and its folders when missing. */
export async function writeHandleBytes(
  root: FileSystemDirectoryHandle,
  path: string,
  bytes: Uint8Array,
): Promise<void> {
  const { dir, name } = await folderOf(root, path, true);
  const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
  await writable.write(bytes as Uint8Array<ArrayBuffer>);
  await writable.close();
}

export async function removeHandleFile(
  root: FileSystemDirectoryHandle,
  path: string,
): Promise<void> {
  try {
    const { dir, name } = await folderOf(root, path, false);
    // A file handle first: removeEntry alone would also remove an empty folder.
    await dir.getFileHandle(name);
    await dir.removeEntry(name);
  } catch (error) {
    if (!isNotFound(error) && !(error instanceof PathClashError)) {
      if (isTypeMismatch(error)) throw new PathClashError(path, path);
      throw error;
    }
  }
}

const encoder = new TextEncoder();

export function encodeText(text: string): Uint8Array {
  return encoder.encode(text);
}

export function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  let i = 0;
  // Four bytes at a time where both fall on words alike (two reads of the same files do): a
  // read's megabytes in a quarter of the time.
  if (a.byteOffset % 4 === b.byteOffset % 4) {
    for (; i < a.length && (a.byteOffset + i) % 4 !== 0; i++) if (a[i] !== b[i]) return false;
    const words = (a.length - i) >>> 2;
    const x = new Uint32Array(a.buffer, a.byteOffset + i, words);
    const y = new Uint32Array(b.buffer, b.byteOffset + i, words);
    for (let k = 0; k < words; k++) if (x[k] !== y[k]) return false;
    i += words * 4;
  }
  for (; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
