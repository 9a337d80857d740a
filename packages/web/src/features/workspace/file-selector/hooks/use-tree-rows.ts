import {
  ancestorDirectories,
  selectedCountsByDirectory,
  visibleFiles,
  withHiddenEntries,
} from '@promptloom/core';
import { useMemo } from 'react';
import { flattenTree, type ProjectTree } from '../../project-files';

export interface TreeRowsInput {
  /** The complete tree, once listed. */
  tree: ProjectTree | undefined;
  /** The tree listed so far, while the listing runs (decision 031). */
  partialTree: ProjectTree | null;
  expanded: ReadonlySet<string>;
  showIgnored: boolean;
  showSelectedOnly: boolean;
  showChangesOnly: boolean;
  search: string;
  selected: ReadonlySet<string>;
  changedSet: ReadonlySet<string>;
  fileTokens: ReadonlyMap<string, number>;
}

/**
 * What the file tree shows, derived from the listing, the view's filters and the selection:
 * the rows (every expanded row, or only the files the filters keep with their folders), the
 * selected files under each folder, the hidden entries by path, and the token sum of the
 * selected files under each folder.
 */
export function useTreeRows(input: TreeRowsInput) {
  const { tree, partialTree, expanded, showIgnored, search, selected, changedSet } = input;
  const { showSelectedOnly, showChangesOnly, fileTokens } = input;

  const selectedCounts = useMemo(() => selectedCountsByDirectory(selected), [selected]);

  const filtering = showSelectedOnly || showChangesOnly || search.trim() !== '';
  const hiddenByPath = useMemo(
    () => new Map((tree?.hidden ?? []).map((entry) => [entry.path, entry])),
    [tree],
  );
  const rows = useMemo(() => {
    if (!tree) return partialTree ? flattenTree(partialTree.root, expanded, null) : [];
    if (!filtering) {
      const root = showIgnored ? withHiddenEntries(tree.root, tree.hidden) : tree.root;
      return flattenTree(root, expanded, null);
    }
    const files = visibleFiles(
      tree.index.filePaths,
      { selectionFilter: showSelectedOnly, changesFilter: showChangesOnly, search },
      selected,
      changedSet,
    );
    return flattenTree(tree.root, expanded, {
      visibleFiles: new Set(files),
      visibleDirs: ancestorDirectories(files),
    });
  }, [
    tree,
    partialTree,
    showIgnored,
    filtering,
    expanded,
    showSelectedOnly,
    showChangesOnly,
    search,
    selected,
    changedSet,
  ]);

  /** Token sum of the selected files beneath each directory (shown on folder rows). */
  const dirTokens = useMemo(() => {
    const sums = new Map<string, number>();
    for (const path of selected) {
      const tokens = fileTokens.get(path);
      if (tokens === undefined) continue;
      for (const dir of ancestorDirectories([path])) sums.set(dir, (sums.get(dir) ?? 0) + tokens);
    }
    return sums;
  }, [selected, fileTokens]);

  return { rows, selectedCounts, hiddenByPath, dirTokens };
}
