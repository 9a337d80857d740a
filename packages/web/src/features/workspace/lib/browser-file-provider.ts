/**
 * Browser implementations of core's FileProvider: one over a File System Access directory
 * handle (read lazily, nothing copied), one over the File[] of a folder upload.
 * Paths are POSIX-style and relative to the project root ("src/app.ts").
 */
import type { FileEntry, FileProvider } from '@promptloom/core';
import { readFileBytes } from './file-bytes';

export interface BrowserFileProvider extends FileProvider {
  readonly kind: 'handle' | 'upload';
  readonly rootName: string;
}

type DirectoryEntry = FileEntry;

const split = (path: string) => path.split('/').filter(Boolean);

export function createHandleProvider(root: FileSystemDirectoryHandle): BrowserFileProvider {
  async function directory(path: string): Promise<FileSystemDirectoryHandle> {
    let current = root;
    for (const part of split(path)) current = await current.getDirectoryHandle(part);
    return current;
  }
  async function file(path: string): Promise<File> {
    const parts = split(path);
    const name = parts.pop();
    if (!name) throw new Error(`Not a file path: ${path}`);
    const dir = await directory(parts.join('/'));
    return (await dir.getFileHandle(name)).getFile();
  }
  return {
    kind: 'handle',
    rootName: root.name,
    async list(dirPath) {
      const dir = await directory(dirPath);
      const handles: FileSystemHandle[] = [];
      for await (const handle of dir.values()) handles.push(handle);
      // getFile() per entry in parallel: sizes and mtimes are needed for change detection.
      const entries = await Promise.all(
        handles.map(async (handle): Promise<DirectoryEntry> => {
          if (handle.kind === 'directory') {
            return { name: handle.name, kind: 'directory', size: 0, mtime: 0 };
          }
          const f = await (handle as FileSystemFileHandle).getFile();
          return { name: handle.name, kind: 'file', size: f.size, mtime: f.lastModified };
        }),
      );
      return entries;
    },
    async readFile(path) {
      return readFileBytes(await file(path));
    },
  };
}

/** The root folder name of an upload: the first segment of every webkitRelativePath. */
export function uploadRootName(files: readonly File[]): string {
  const first = files[0]?.webkitRelativePath ?? '';
  return split(first)[0] ?? 'project';
}

export function createUploadProvider(files: readonly File[]): BrowserFileProvider {
  const rootName = uploadRootName(files);
  const byPath = new Map<string, File>();
  const children = new Map<string, Map<string, DirectoryEntry>>();
  const childrenOf = (dir: string) => {
    let map = children.get(dir);
    if (!map) {
      map = new Map();
      children.set(dir, map);
    }
    return map;
  };
  childrenOf('');
  for (const f of files) {
    // Drop the root folder segment so paths match the handle provider's.
    const parts = split(f.webkitRelativePath || f.name).slice(f.webkitRelativePath ? 1 : 0);
    if (parts.length === 0) continue;
    byPath.set(parts.join('/'), f);
    for (let i = 0; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      const name = parts[i] as string;
      const isFile = i === parts.length - 1;
      childrenOf(parent).set(
        name,
        isFile
          ? { name, kind: 'file', size: f.size, mtime: f.lastModified }
          : { name, kind: 'directory', size: 0, mtime: 0 },
      );
    }
  }
  const get = (path: string) => {
    const f = byPath.get(split(path).join('/'));
    if (!f) throw new DOMException(`File not found: ${path}`, 'NotFoundError');
    return f;
  };
  return {
    kind: 'upload',
    rootName,
    list(dirPath) {
      const map = children.get(split(dirPath).join('/'));
      if (!map) return Promise.reject(new DOMException(`Not found: ${dirPath}`, 'NotFoundError'));
      return Promise.resolve([...map.values()]);
    },
    async readFile(path) {
      return readFileBytes(get(path));
    },
  };
}
