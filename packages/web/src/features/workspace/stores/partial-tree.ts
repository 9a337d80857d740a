import { buildTreeIndex, type FileTreeNode } from '@promptloom/core';
import { create } from 'zustand';
import type { ProjectTree } from '../hooks/use-file-tree';

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
    // A shallow copy so React sees a new value; the scan keeps filling the nodes.
    const copy = { ...root };
    const index = buildTreeIndex(copy);
    set({
      tree: { root: copy, files: [], ignoredCount: 0, hidden: [], index, metadataReady: false },
    });
  },
}));
