import type { FileTreeNode } from './types';

/**
 * The PROJECT_STRUCTURE text: the root name then an indented tree with box-drawing
 * branches, directories suffixed with '/'. Only what the scan kept appears.
 */
export function renderTree(root: FileTreeNode): string {
  const lines: string[] = [`${root.name}/`];
  const walk = (node: FileTreeNode, indent: string) => {
    const children = node.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const last = i === children.length - 1;
      const suffix = child.type === 'directory' ? '/' : '';
      lines.push(`${indent}${last ? '└── ' : '├── '}${child.name}${suffix}`);
      if (child.type === 'directory') walk(child, indent + (last ? '    ' : '│   '));
    }
  };
  walk(root, '');
  return lines.join('\n');
}
