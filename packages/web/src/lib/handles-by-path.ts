import type { FileEntry } from '@promptloom/core';

/**
 * The handles met under a connected folder, by path: a directory is listed and a file read
 * from its own handle, never resolved again from the root (one browser call per path
 * segment). Shared by the folder-listing worker and the page's fallback walk.
 */
export interface HandlesByPath {
  directory(path: string): Promise<FileSystemDirectoryHandle>;
  file(path: string): Promise<FileSystemFileHandle>;
  /** Names the folder's entries and keeps their handles; sizes and mtimes come later (stat). */
  list(path: string): Promise<FileEntry[]>;
}

const split = (path: string) => path.split('/').filter(Boolean);

export function handlesByPath(root: FileSystemDirectoryHandle): HandlesByPath {
  const directories = new Map<string, FileSystemDirectoryHandle>([['', root]]);
  const files = new Map<string, FileSystemFileHandle>();

  async function directory(path: string): Promise<FileSystemDirectoryHandle> {
    const known = directories.get(path);
    if (known) return known;
    let current = root;
    for (const part of split(path)) current = await current.getDirectoryHandle(part);
    directories.set(path, current);
    return current;
  }

  async function file(path: string): Promise<FileSystemFileHandle> {
    const known = files.get(path);
    if (known) return known;
    const parts = split(path);
    const name = parts.pop();
    if (!name) throw new Error(`Not a file path: ${path}`);
    const handle = await (await directory(parts.join('/'))).getFileHandle(name);
    files.set(path, handle);
    return handle;
  }

  async function list(path: string): Promise<FileEntry[]> {
    const dir = await directory(path);
    const entries: FileEntry[] = [];
    for await (const handle of dir.values()) {
      const child = path === '' ? handle.name : `${path}/${handle.name}`;
      if (handle.kind === 'directory') directories.set(child, handle);
      else files.set(child, handle);
      entries.push({ name: handle.name, kind: handle.kind, size: 0, mtime: 0 });
    }
    return entries;
  }

  return { directory, file, list };
}
