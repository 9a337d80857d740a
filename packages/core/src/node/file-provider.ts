import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileEntry, FileProvider } from '../files/provider';

/**
 * FileProvider over the local disk (tests, benchmarks, CLI). Symlinked files are followed;
 * symlinked directories are not (they can loop, and git does not follow them either).
 */
export class NodeFileProvider implements FileProvider {
  constructor(readonly rootDir: string) {}

  async list(dirPath: string): Promise<FileEntry[]> {
    const absolute = join(this.rootDir, dirPath);
    const dirents = await readdir(absolute, { withFileTypes: true });
    const entries = await Promise.all(
      dirents.map(async (dirent): Promise<FileEntry | null> => {
        if (dirent.isDirectory())
          return { name: dirent.name, kind: 'directory', size: 0, mtime: 0 };
        if (!dirent.isFile() && !dirent.isSymbolicLink()) return null;
        try {
          const info = await stat(join(absolute, dirent.name));
          if (!info.isFile()) return null;
          return {
            name: dirent.name,
            kind: 'file',
            size: info.size,
            mtime: Math.trunc(info.mtimeMs),
          };
        } catch {
          return null; // vanished between readdir and stat, or a dangling link
        }
      }),
    );
    return entries.filter((entry): entry is FileEntry => entry !== null);
  }

  async readFile(path: string): Promise<Uint8Array> {
    return readFile(join(this.rootDir, path));
  }
}
