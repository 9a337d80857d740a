import type { CachedTokenCounter } from '../tokens/token-counter';
import type { FileStat } from '../tree/types';
import type { NodeFileProvider } from './file-provider';
import { type FileCount, type LastPack, findContentChanges, recordOf } from './incremental';
import { DEFAULT_ITEMS, type PackOptions, type PackResult, withPrompt } from './pack-options';
import type { WatchedListings } from './watched-listings';

export interface RepackInput {
  provider: NodeFileProvider;
  listings: WatchedListings;
  fileCounts: Map<string, FileCount>;
  counter: CachedTokenCounter;
  sizeLimitBytes?: number;
}

/**
 * Whether a pack can be patched by the next one (patchLastPack), which re-renders changed
 * files as sections (renderFileBlock) over the prompt's kept parts. Not when the prompt was
 * streamed to bytes (no parts), packs list in full (no watch), secrets are scanned, another
 * format or per-file modes render files otherwise, or PROJECT_INFO holds the date, which
 * changes every time.
 */
export function canPatchLater(
  options: PackOptions,
  pack: { streamed: boolean; scanning: boolean },
): boolean {
  return (
    !pack.streamed &&
    options.watch !== false &&
    !pack.scanning &&
    (options.format ?? 'sections') === 'sections' &&
    !options.fileMode &&
    !(options.items ?? DEFAULT_ITEMS).some((item) => item.isActive && item.type === 'PROJECT_INFO')
  );
}

/**
 * Re-packs by patching the last pack when only file contents changed (findContentChanges:
 * every notified or uncacheable directory is re-listed and compared): the changed files
 * are read, rendered and counted, every other segment and count is the last pack's.
 * `null`: pack in full. Else the result and the pack the next re-pack patches.
 */
export async function patchLastPack(
  last: LastPack,
  input: RepackInput,
  started: number,
): Promise<{ result: PackResult; last: LastPack } | null> {
  const { provider, listings, fileCounts, counter } = input;
  const changes = await findContentChanges(
    provider.rootDir,
    listings,
    provider,
    last,
    fileCounts,
    input.sizeLimitBytes,
  );
  if (!changes) return null;
  if (changes.length > 0) {
    last.nodes ??= new Map(last.files.map((node) => [node.path, node]));
    // The index is the packer's own (no result exposes it): patched in place.
    const stats = last.index.stats as Map<string, FileStat>;
    for (const { path, size, mtime } of changes) {
      const node = last.nodes.get(path)!;
      node.size = size;
      node.mtime = mtime;
      stats.set(path, { size, mtime });
    }
  }
  const index = last.index;
  const scanned = performance.now();
  const texts = last.texts.slice();
  const { counts, misses } = await counter.countManyDetailed(changes.map((c) => c.text));
  let totalTokens = last.totalTokens;
  changes.forEach((change, i) => {
    const { record, text, size, mtime } = change;
    texts[record.segment] = text;
    totalTokens += counts[i]! - record.count;
    const next = recordOf(text, size, mtime, counts[i]!, last.layout, record.segment);
    fileCounts.set(change.path, next);
  });
  return {
    last: { ...last, index, texts, totalTokens },
    result: withPrompt(texts, {
      fileCount: index.filePaths.length,
      packedFiles: last.packedFiles,
      files: [...last.written],
      skipped: [...last.skipped],
      totalTokens,
      tokenized: misses,
      secrets: null,
      timings: { scanMs: scanned - started, packMs: performance.now() - started },
    }),
  };
}
