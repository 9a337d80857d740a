import type { FileTreeNode } from '@promptloom/core';

/** One line of the virtualised tree. */
export interface TreeRow {
  node: FileTreeNode;
  depth: number;
  expanded: boolean;
}

/**
 * Flattens the tree into the rows to draw. With a filter, only `visibleFiles` and their
 * ancestor directories (`visibleDirs`) are drawn, all expanded (SPEC §2); without one, the
 * user's expanded set decides.
 */
export function flattenTree(
  root: FileTreeNode,
  expandedDirs: ReadonlySet<string>,
  filter: { visibleFiles: ReadonlySet<string>; visibleDirs: ReadonlySet<string> } | null,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (dir: FileTreeNode, depth: number) => {
    for (const child of dir.children ?? []) {
      if (child.type === 'directory') {
        if (filter && !filter.visibleDirs.has(child.path)) continue;
        const expanded = filter ? true : expandedDirs.has(child.path);
        rows.push({ node: child, depth, expanded });
        if (expanded) walk(child, depth + 1);
      } else if (!filter || filter.visibleFiles.has(child.path)) {
        rows.push({ node: child, depth, expanded: false });
      }
    }
  };
  walk(root, 0);
  return rows;
}
