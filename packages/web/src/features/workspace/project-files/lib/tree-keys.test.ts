import type { FileTreeNode } from '@promptloom/core';
import { describe, expect, it } from 'vitest';
import { treeKeyAction, typeAheadIndex } from './tree-keys';
import type { TreeRow } from './tree-rows';

const node = (path: string, type: 'file' | 'directory' = 'file'): FileTreeNode => ({
  type,
  name: path.split('/').pop()!,
  path,
  size: 1,
  mtime: 0,
});
const row = (path: string, depth: number, dir = false, expanded = false): TreeRow => ({
  node: node(path, dir ? 'directory' : 'file'),
  depth,
  expanded,
  posInSet: 1,
  setSize: 1,
});
// src/ (open) > a.ts, lib/ (closed); README.md; readme-fr.md
const rows = [
  row('src', 0, true, true),
  row('src/a.ts', 1),
  row('src/lib', 1, true),
  row('README.md', 0),
  row('readme-fr.md', 0),
];

describe('treeKeyAction', () => {
  it('moves up, down, home and end within bounds', () => {
    expect(treeKeyAction(rows, 0, 'ArrowDown')).toEqual({ kind: 'focus', index: 1 });
    expect(treeKeyAction(rows, 4, 'ArrowDown')).toEqual({ kind: 'focus', index: 4 });
    expect(treeKeyAction(rows, 0, 'ArrowUp')).toEqual({ kind: 'focus', index: 0 });
    expect(treeKeyAction(rows, 2, 'Home')).toEqual({ kind: 'focus', index: 0 });
    expect(treeKeyAction(rows, 2, 'End')).toEqual({ kind: 'focus', index: 4 });
  });

  it('Right opens a closed folder, then goes to its first child', () => {
    expect(treeKeyAction(rows, 2, 'ArrowRight')).toEqual({ kind: 'expand', index: 2 });
    expect(treeKeyAction(rows, 0, 'ArrowRight')).toEqual({ kind: 'focus', index: 1 });
    expect(treeKeyAction(rows, 1, 'ArrowRight')).toBeNull();
  });

  it('Left closes an open folder, else goes to the parent', () => {
    expect(treeKeyAction(rows, 0, 'ArrowLeft')).toEqual({ kind: 'collapse', index: 0 });
    expect(treeKeyAction(rows, 2, 'ArrowLeft')).toEqual({ kind: 'focus', index: 0 });
    expect(treeKeyAction(rows, 3, 'ArrowLeft')).toBeNull();
  });

  it('Space toggles the selection; Enter opens folders and toggles files', () => {
    expect(treeKeyAction(rows, 1, ' ')).toEqual({ kind: 'toggle-check', index: 1 });
    expect(treeKeyAction(rows, 0, ' ')).toEqual({ kind: 'toggle-check', index: 0 });
    expect(treeKeyAction(rows, 0, 'Enter')).toEqual({ kind: 'collapse', index: 0 });
    expect(treeKeyAction(rows, 3, 'Enter')).toEqual({ kind: 'toggle-check', index: 3 });
  });
});

describe('typeAheadIndex', () => {
  it('finds the next row starting with the typed letters, wrapping', () => {
    expect(typeAheadIndex(rows, 0, 'r')).toBe(3);
    expect(typeAheadIndex(rows, 3, 'r')).toBe(4);
    expect(typeAheadIndex(rows, 4, 'r')).toBe(3);
    expect(typeAheadIndex(rows, 3, 'readme-')).toBe(4);
    expect(typeAheadIndex(rows, 3, 'readme')).toBe(3);
    expect(typeAheadIndex(rows, 0, 'z')).toBe(-1);
  });
});
