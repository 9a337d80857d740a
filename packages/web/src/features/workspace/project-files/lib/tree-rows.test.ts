import type { FileTreeNode } from '@promptloom/core';
import { describe, expect, it } from 'vitest';
import { flattenTree } from './tree-rows';

const file = (path: string): FileTreeNode => ({
  type: 'file',
  name: path.split('/').pop()!,
  path,
  size: 1,
  mtime: 0,
});
const root: FileTreeNode = {
  type: 'directory',
  name: 'p',
  path: '',
  size: 0,
  mtime: 0,
  children: [
    {
      type: 'directory',
      name: 'src',
      path: 'src',
      size: 0,
      mtime: 0,
      children: [file('src/a.ts'), file('src/b.ts')],
    },
    file('README.md'),
  ],
};
const paths = (rows: ReturnType<typeof flattenTree>) =>
  rows.map((r) => `${r.depth}:${r.node.path}`);

describe('flattenTree', () => {
  it('shows collapsed directories without their files until expanded', () => {
    expect(paths(flattenTree(root, new Set(), null))).toEqual(['0:src', '0:README.md']);
    expect(paths(flattenTree(root, new Set(['src']), null))).toEqual([
      '0:src',
      '1:src/a.ts',
      '1:src/b.ts',
      '0:README.md',
    ]);
  });

  it('with a filter, shows only matching files and expands their directories', () => {
    const rows = flattenTree(root, new Set(), {
      visibleFiles: new Set(['src/b.ts']),
      visibleDirs: new Set(['', 'src']),
    });
    expect(paths(rows)).toEqual(['0:src', '1:src/b.ts']);
    expect(rows[0]!.expanded).toBe(true);
  });
});

describe('flattenTree places', () => {
  it('numbers each row among its shown siblings', () => {
    const rows = flattenTree(root, new Set(['src']), null);
    expect(rows.map((r) => `${r.posInSet}/${r.setSize}`)).toEqual(['1/2', '1/2', '2/2', '2/2']);
    const filtered = flattenTree(root, new Set(), {
      visibleFiles: new Set(['src/b.ts']),
      visibleDirs: new Set(['', 'src']),
    });
    expect(filtered.map((r) => `${r.posInSet}/${r.setSize}`)).toEqual(['1/1', '1/1']);
  });
});
