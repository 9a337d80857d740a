import type { FileTreeNode } from '@promptloom/core';

/** One line of the virtualised tree. */
export interface TreeRow {
  node: FileTreeNode;
  depth: number;
  expanded: boolean;
  /** 1-based place among the shown siblings and their number (aria-posinset/-setsize). */
  posInSet: number;
  setSize: number;
}

/** A row's role and place in the tree, the same for every kind of row. */
export const treeItemPlace = (row: TreeRow) =>
  ({
    role: 'treeitem',
    'aria-level': row.depth + 1,
    'aria-posinset': row.posInSet,
    'aria-setsize': row.setSize,
  }) as const;

/**
 * Flattens the tree into the rows to draw. With a filter, only `visibleFiles` and their
 * ancestor directories (`visibleDirs`) are drawn, all expanded; without one, the
 * user's expanded set decides.
 */
export function flattenTree(
  root: FileTreeNode,
  expandedDirs: ReadonlySet<string>,
  filter: { visibleFiles: ReadonlySet<string>; visibleDirs: ReadonlySet<string> } | null,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const shown = (child: FileTreeNode) =>
    !filter ||
    (child.type === 'directory'
      ? filter.visibleDirs.has(child.path)
      : filter.visibleFiles.has(child.path));
  const walk = (dir: FileTreeNode, depth: number) => {
    const children = (dir.children ?? []).filter(shown);
    children.forEach((child, index) => {
      const place = { posInSet: index + 1, setSize: children.length };
      if (child.type === 'directory') {
        const expanded = filter ? true : expandedDirs.has(child.path);
        rows.push({ node: child, depth, expanded, ...place });
        if (expanded) walk(child, depth + 1);
      } else {
        rows.push({ node: child, depth, expanded: false, ...place });
      }
    });
  };
  walk(root, 0);
  return rows;
}
