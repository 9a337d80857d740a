import { CACHE, type FileProvider, type FileStat } from '@promptloom/core';
import { registerReset } from '../../../../lib/reset-registry';

interface Entry {
  bytes: Uint8Array;
  at: number;
}

const contents = new Map<string, Entry>();

/** Content cache key: a file's bytes are reused while its path, size and mtime are unchanged. */
export const fileKey = (path: string, stat: FileStat | undefined) =>
  `${path}|${stat?.size ?? -1}|${stat?.mtime ?? -1}`;

/**
 * Wraps a provider so file contents are read once per path+size+mtime and kept for
 * CACHE's 5-minute window; listing goes straight through.
 */
export function withContentCache(
  provider: FileProvider,
  stats: ReadonlyMap<string, FileStat>,
): FileProvider {
  return {
    list: (dirPath) => provider.list(dirPath),
    async readFile(path) {
      const stat = stats.get(path);
      // Unknown until the metadata stage ends (decision 031): nothing to key the bytes by.
      if (!stat || (stat.size === 0 && stat.mtime === 0)) return provider.readFile(path);
      const key = fileKey(path, stat);
      const now = Date.now();
      const hit = contents.get(key);
      if (hit && now - hit.at < CACHE.fileContentsMs) return hit.bytes;
      const bytes = await provider.readFile(path);
      contents.set(key, { bytes, at: now });
      return bytes;
    },
  };
}

export function clearContentCache(): void {
  contents.clear();
}

registerReset('file contents cache', clearContentCache);
