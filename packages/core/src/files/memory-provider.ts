import { type FileEntry, type FileProvider, baseName, parentPath } from './provider';

export interface MemoryFile {
  content: string | Uint8Array;
  /** Epoch ms; defaults to 0. */
  mtime?: number;
}

/**
 * A FileProvider over a plain object of path -> content, for tests and demos. Directories
 * are implied by the file paths. Mutating methods let tests simulate edits between scans.
 */
export class MemoryFileProvider implements FileProvider {
  private readonly files = new Map<string, { bytes: Uint8Array; mtime: number }>();
  private readonly encoder = new TextEncoder();

  constructor(files: Record<string, string | Uint8Array | MemoryFile> = {}) {
    for (const [path, value] of Object.entries(files)) {
      const file =
        typeof value === 'string' || value instanceof Uint8Array ? { content: value } : value;
      this.write(path, file.content, file.mtime ?? 0);
    }
  }

  write(path: string, content: string | Uint8Array, mtime = 0): void {
    const bytes = typeof content === 'string' ? this.encoder.encode(content) : content;
    this.files.set(path, { bytes, mtime });
  }

  remove(path: string): void {
    this.files.delete(path);
  }

  list(dirPath: string): Promise<FileEntry[]> {
    const entries = new Map<string, FileEntry>();
    const prefix = dirPath === '' ? '' : `${dirPath}/`;
    for (const [path, file] of this.files) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash === -1) {
        entries.set(rest, { name: rest, kind: 'file', size: file.bytes.length, mtime: file.mtime });
      } else {
        const name = rest.slice(0, slash);
        if (!entries.has(name)) entries.set(name, { name, kind: 'directory', size: 0, mtime: 0 });
      }
    }
    if (entries.size === 0 && dirPath !== '' && !this.hasDirectory(dirPath)) {
      return Promise.reject(new Error(`Not a directory: ${dirPath}`));
    }
    return Promise.resolve([...entries.values()]);
  }

  readFile(path: string): Promise<Uint8Array> {
    const file = this.files.get(path);
    return file ? Promise.resolve(file.bytes) : Promise.reject(new Error(`No such file: ${path}`));
  }

  private hasDirectory(dirPath: string): boolean {
    for (const path of this.files.keys()) {
      if (parentPath(path).startsWith(dirPath) && baseName(path) !== '') return true;
    }
    return false;
  }
}
