import type { FileTreeNode, TreeIndex } from '@promptloom/core';
import { create } from 'zustand';
import type { ProjectTree } from '../hooks/use-file-tree';
import { resetStoreOnLogout } from '#web/lib/reset-registry.ts';

const EMPTY_INDEX: TreeIndex = {
  filePaths: [],
  fileSet: new Set(),
  stats: new Map(),
  filesByDirectory: { get: () => undefined },
};

interface PartialTreeState {
  /** The tree as listed so far, while the listing runs; null otherwise. */
  tree: ProjectTree | null;
  publish: (root: FileTreeNode | null) => void;
}

/**
 * Rows while a folder is being listed (decision 031): a view of the scan's tree so far,
 * shown read-only by the selector until the complete tree replaces it.
 */
export const usePartialTree = create<PartialTreeState>((set) => ({
  tree: null,
  publish: (root) => {
    if (!root) {
      set({ tree: null });
      return;
    }
    // A shallow copy so React sees a new value; the scan keeps filling the nodes. No index:
    // building one walks the whole tree so far, on every publish (quadratic over a large
    // folder); rows show no counts until the tree is complete.
    const copy = { ...root };
    set({
      tree: {
        root: copy,
        files: [],
        ignoredCount: 0,
        hidden: [],
        index: EMPTY_INDEX,
        metadataReady: false,
      },
    });
  },
}));

resetStoreOnLogout('partial tree', usePartialTree);
