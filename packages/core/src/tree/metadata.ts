import type { FileStat, FileTreeNode } from './types';

export interface MetadataOptions {
  /** Files asked at once. */
  concurrency: number;
  signal?: AbortSignal;
  /** Called after each file with the number done so far. */
  onProgress?: (done: number) => void;
}

/**
 * The second stage of opening a folder (decision 031): the size and mtime of every kept
 * file, which change detection and the content cache need, asked after the tree is shown.
 * Fills the nodes in place; a file that vanished or cannot be read keeps 0/0 (unknown).
 * Ignored files are never asked: only the scan's kept files are passed in.
 */
export async function fetchMetadata(
  files: readonly FileTreeNode[],
  stat: (path: string) => Promise<FileStat>,
  options: MetadataOptions,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      options.signal?.throwIfAborted();
      const node = files[next++]!;
      try {
        const info = await stat(node.path);
        node.size = info.size;
        node.mtime = info.mtime;
      } catch {
        // Gone since the listing: the next refresh drops it.
      }
      options.onProgress?.(++done);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, files.length));
  await Promise.all(Array.from({ length: workers }, worker));
  options.signal?.throwIfAborted();
}
