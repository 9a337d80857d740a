import { CACHE, type FileProvider, type FileStat, type DecodedFile } from '@promptloom/core';
import { registerReset } from '#web/lib/reset-registry.ts';

interface Entry<T> {
  value: T;
  at: number;
}

/** A file's bytes, and its texts by size cap, each by path, size and mtime. */
const contents = new Map<string, Entry<Uint8Array>>();
const texts = new Map<string, Entry<DecodedFile>>();

/** Content cache key: a file's bytes are reused while its path, size and mtime are unchanged. */
export const fileKey = (path: string, stat: FileStat | undefined) =>
  `${path}|${stat?.size ?? -1}|${stat?.mtime ?? -1}`;

/**
 * Wraps a provider so file contents (bytes, or texts where the provider decodes) are read
 * once per path+size+mtime and kept for CACHE's 5-minute window; listing goes straight
 * through.
 */
export function withContentCache(
  provider: FileProvider,
  stats: ReadonlyMap<string, FileStat>,
): FileProvider {
  async function cached<T>(
    cache: Map<string, Entry<T>>,
    path: string,
    suffix: string,
    read: () => Promise<T>,
  ): Promise<T> {
    const stat = stats.get(path);
    // Unknown until the metadata stage ends (decision 031): nothing to key the contents by.
    if (!stat || (stat.size === 0 && stat.mtime === 0)) return read();
    const key = fileKey(path, stat) + suffix;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < CACHE.fileContentsMs) return hit.value;
    const value = await read();
    cache.set(key, { value, at: now });
    return value;
  }
  return {
    list: (dirPath) => provider.list(dirPath),
    readFile: (path) => cached(contents, path, '', () => provider.readFile(path)),
    ...(provider.readText && {
      readText: (path: string, limitBytes: number) =>
        cached(texts, path, `|${limitBytes}`, () => provider.readText!(path, limitBytes)),
    }),
  };
}

export function clearContentCache(): void {
  contents.clear();
  texts.clear();
}

registerReset('file contents cache', clearContentCache);
