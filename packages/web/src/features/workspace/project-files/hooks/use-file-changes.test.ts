import type { FileStat } from '@promptloom/core';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../session';
import { markAsPrompted, provideLatestSnapshot } from '../stores/changes-source';
import { useFileChanges } from './use-file-changes';
import type { ProjectTree } from './use-file-tree';

const P = 'demo';
const treeWith = (stats: Record<string, FileStat>) =>
  ({
    index: { filePaths: Object.keys(stats), stats: new Map(Object.entries(stats)) },
    metadataReady: true,
  }) as unknown as ProjectTree;

describe('useFileChanges after an undo', () => {
  beforeEach(() => {
    act(() => {
      useSessionStore.setState({ projectName: P });
      provideLatestSnapshot(P, {
        'a.ts': { size: 4, mtime: 100 },
        'b.ts': { size: 4, mtime: 100 },
      });
    });
  });

  // Undo writes the old bytes back: same size, new mtime. Without the mark, a modified file.
  const afterUndo = treeWith({ 'a.ts': { size: 4, mtime: 500 }, 'b.ts': { size: 4, mtime: 600 } });

  it('does not flag a file put back as the latest prompt saw it; the others stay flagged', () => {
    const { result } = renderHook(() => useFileChanges(afterUndo));
    expect(result.current.changed).toEqual(['a.ts', 'b.ts']);
    act(() => markAsPrompted(P, { 'a.ts': { size: 4, mtime: 500 } }));
    expect(result.current.changed).toEqual(['b.ts']);
    expect(result.current.modified).toEqual(['b.ts']);
  });

  it('flags it again once it changes, and forgets the mark with a new prompt', () => {
    act(() => markAsPrompted(P, { 'a.ts': { size: 4, mtime: 500 } }));
    const edited = treeWith({ 'a.ts': { size: 6, mtime: 700 }, 'b.ts': { size: 4, mtime: 100 } });
    expect(renderHook(() => useFileChanges(edited)).result.current.changed).toEqual(['a.ts']);

    act(() =>
      provideLatestSnapshot(P, {
        'a.ts': { size: 4, mtime: 100 },
        'b.ts': { size: 4, mtime: 100 },
      }),
    );
    const { result } = renderHook(() => useFileChanges(afterUndo));
    expect(result.current.changed).toEqual(['a.ts', 'b.ts']);
  });
});
