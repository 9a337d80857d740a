import type { TreeRow } from './tree-rows';

/** What a key press on a focused tree row asks for (ARIA tree pattern). */
export type TreeKeyAction =
  | { kind: 'focus'; index: number }
  | { kind: 'expand' | 'collapse' | 'toggle-check'; index: number }
  | null;

/**
 * The ARIA tree pattern over the flat rows: Up/Down to the previous/next row, Right opens
 * a closed folder or goes to the first child of an open one, Left closes an open folder or
 * goes to the parent, Home/End to the first/last row, Space toggles the selection, Enter
 * opens/closes a folder or toggles a file. Pure, so it is tested without a browser.
 */
export function treeKeyAction(rows: readonly TreeRow[], index: number, key: string): TreeKeyAction {
  const row = rows[index];
  if (!row) return null;
  const isDir = row.node.type === 'directory';
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', index: Math.min(index + 1, rows.length - 1) };
    case 'ArrowUp':
      return { kind: 'focus', index: Math.max(index - 1, 0) };
    case 'Home':
      return { kind: 'focus', index: 0 };
    case 'End':
      return { kind: 'focus', index: rows.length - 1 };
    case 'ArrowRight':
      if (!isDir) return null;
      if (!row.expanded) return { kind: 'expand', index };
      return rows[index + 1] && rows[index + 1]!.depth > row.depth
        ? { kind: 'focus', index: index + 1 }
        : null;
    case 'ArrowLeft': {
      if (isDir && row.expanded) return { kind: 'collapse', index };
      for (let i = index - 1; i >= 0; i--) {
        if (rows[i]!.depth < row.depth) return { kind: 'focus', index: i };
      }
      return null;
    }
    case ' ':
      return { kind: 'toggle-check', index };
    case 'Enter':
      return isDir
        ? { kind: row.expanded ? 'collapse' : 'expand', index }
        : { kind: 'toggle-check', index };
    default:
      return null;
  }
}

/**
 * Type-ahead: the next row (after `index`, wrapping) whose name starts with `typed`; with
 * more than one letter typed the current row may still match.
 */
export function typeAheadIndex(rows: readonly TreeRow[], index: number, typed: string): number {
  const needle = typed.toLowerCase();
  const start = typed.length > 1 ? index : index + 1;
  for (let k = 0; k < rows.length; k++) {
    const i = (start + k) % rows.length;
    if (rows[i]!.node.name.toLowerCase().startsWith(needle)) return i;
  }
  return -1;
}
