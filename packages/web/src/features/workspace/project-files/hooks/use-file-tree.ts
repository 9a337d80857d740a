import {
  buildTreeIndex,
  CACHE,
  fetchMetadata,
  parentPath,
  scanProject,
  type FileStat,
  type FileTreeNode,
  type ScanResult,
  type TreeIndex,
} from '@promptloom/core';
import {
  BROWSER_METADATA_CONCURRENCY,
  BROWSER_SCAN_CONCURRENCY,
  LISTING_PROGRESS_INTERVAL_MS,
} from '#web/config/limits.ts';
import { useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { frameBudget, yieldToBrowser } from '#web/lib/yield-to-browser.ts';
import type { BrowserFileProvider } from '../lib/browser-file-provider';
import { useConnectionStore } from '../stores/connection-store';
import { useIgnoreView, useListingStore } from '../stores/listing-store';
import { useSessionStore } from '../../session';
import { listingProgress, throttled } from '../lib/listing-progress';
import { usePartialTree } from '../stores/partial-tree';
import { WORKSPACE_QUERY_KEY } from './query-keys';
import { scanRules, useIgnoreSettings } from './use-ignore-settings';

export interface ProjectTree extends ScanResult {
  index: TreeIndex;
  /**
   * False while sizes and mtimes are still being fetched (stage 2): until then they are
   * 0 (unknown), change detection waits and file contents are not cached by them.
   */
  metadataReady: boolean;
}

export const treeQueryKey = (projectName: string | null, providerId: number) =>
  [...WORKSPACE_QUERY_KEY, 'tree', projectName, providerId] as const;

/**
 * Fills the sizes and mtimes still known from before (no change seen since, decision 036)
 * and returns the files whose metadata must be asked.
 */
function fillKnownStats(provider: BrowserFileProvider, files: FileTreeNode[]): FileTreeNode[] {
  if (!provider.knownStats) return files;
  const missing: FileTreeNode[] = [];
  // A folder's files are one run of the tree-ordered list: one lookup per folder.
  let dir: string | null = null;
  let stats: ReadonlyMap<string, FileStat> | undefined;
  for (const file of files) {
    const parent = parentPath(file.path);
    if (parent !== dir) {
      dir = parent;
      stats = provider.knownStats(parent);
    }
    const known = stats?.get(file.name);
    if (!known) missing.push(file);
    else {
      file.size = known.size;
      file.mtime = known.mtime;
    }
  }
  return missing;
}

/**
 * Stage 2, in the background: sizes and mtimes of the kept files not known yet. The tree
 * is replaced in the cache once they are all known, so selection, search and typing never
 * wait.
 */
async function completeMetadata(
  client: QueryClient,
  key: readonly unknown[],
  provider: BrowserFileProvider,
  tree: ProjectTree,
  missing: readonly FileTreeNode[],
): Promise<void> {
  const listing = useListingStore.getState();
  const controller = new AbortController();
  listing.start('metadata', controller, missing.length);
  const progress = throttled(
    (done: number) => useListingStore.setState({ metadataDone: done }),
    LISTING_PROGRESS_INTERVAL_MS,
  );
  try {
    await fetchMetadata(missing, (path) => provider.stat(path), {
      concurrency: BROWSER_METADATA_CONCURRENCY,
      signal: controller.signal,
      onProgress: progress.call,
    });
  } catch {
    return; // cancelled, or a newer listing took over: the tree stays without metadata
  }
  progress.flush();
  useListingStore.getState().finish(controller);
  if (client.getQueryData(key) !== tree) return;
  client.setQueryData(key, { ...tree, index: buildTreeIndex(tree.root), metadataReady: true });
}

const listingNotFailed = (query: Query<ProjectTree>) => query.state.status !== 'error';

/**
 * The filtered project tree (ignore rules: core system, then the user's global
 * patterns, then the project's .gitignore files), cached 5 minutes. Opening
 * goes in stages (decision 031): listing (names only, ignore rules applied while walking,
 * rows published as they come), then metadata in the background.
 */
export function useFileTree() {
  const provider = useConnectionStore((s) => s.provider);
  const providerId = useConnectionStore((s) => s.providerId);
  const projectName = useSessionStore((s) => s.projectName);
  const isProject = useSessionStore((s) => s.sessionMode === 'PROJECT');
  const settings = useIgnoreSettings();
  const ignoreCase = useIgnoreView((s) => s.ignoreCase);
  const client = useQueryClient();
  const key = [...treeQueryKey(projectName, providerId), settings.key, ignoreCase] as const;

  return useQuery({
    queryKey: key,
    enabled: isProject && !!provider && !!projectName && settings.ready,
    staleTime: CACHE.fileStructureMs,
    gcTime: CACHE.fileStructureMs,
    retry: false,
    // A listing that failed or was cancelled waits for Refresh, as its message says: a
    // component mounting (another reader of the tree), or the page becoming visible again,
    // must not start it over.
    retryOnMount: false,
    refetchOnMount: listingNotFailed,
    refetchOnWindowFocus: listingNotFailed,
    refetchOnReconnect: listingNotFailed,
    // The metadata stage fills the returned tree's nodes and checks it is the cached one:
    // the cache must hold that very object, not a structurally shared copy.
    structuralSharing: false,
    queryFn: async ({ signal }): Promise<ProjectTree> => {
      if (!provider || !projectName) throw new Error('No project');
      const controller = new AbortController();
      signal.addEventListener('abort', () => controller.abort(signal.reason));
      useListingStore.getState().start('listing', controller);
      const progress = listingProgress(controller.signal);
      const rules = scanRules(settings, ignoreCase);
      // A connected folder's worker walks it ahead with the same rules (decision 072), or
      // already does since the folder was picked (decision 079).
      const stopWalk = provider.prefetch?.(rules);
      let result: ScanResult;
      try {
        result = await scanProject(provider, projectName, {
          ...rules,
          concurrency: BROWSER_SCAN_CONCURRENCY,
          signal: controller.signal,
          onProgress: progress.call,
          checkpoint: frameBudget(),
        });
      } finally {
        stopWalk?.();
        usePartialTree.getState().publish(null);
      }
      // The known stats, the index and the render of the complete tree each in a task of
      // their own.
      await yieldToBrowser();
      useListingStore.setState({ listed: result.files.length });
      // An upload's File objects carry size and mtime: stage 2 has nothing to ask; nor for
      // the files of an observed folder that did not change since they were asked.
      const missing = provider.kind === 'upload' ? [] : fillKnownStats(provider, result.files);
      const metadataReady = missing.length === 0;
      if (metadataReady) useListingStore.getState().finish(controller);
      // The index in a task of its own too: with the known stats filled, it made one long
      // task of up to 155 ms on a busy machine.
      await yieldToBrowser();
      const tree: ProjectTree = { ...result, index: buildTreeIndex(result.root), metadataReady };
      await yieldToBrowser();
      if (!metadataReady) {
        // After the query has stored the tree, so the background stage can replace it.
        setTimeout(() => void completeMetadata(client, key, provider, tree, missing), 0);
      }
      return tree;
    },
  });
}
