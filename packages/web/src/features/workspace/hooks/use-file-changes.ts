import { descendantChanges, detectChanges, type FileChanges } from '@promptloom/core';
import { useMemo } from 'react';
import { useChangesSource } from '../stores/changes-source';
import { useSessionStore } from '../stores/session-store';
import type { ProjectTree } from './use-file-tree';

export interface WorkspaceChanges extends FileChanges {
  /** Added + modified, in tree order. */
  changed: string[];
  changedSet: ReadonlySet<string>;
  /** Directory path -> has a flagged file beneath (the collapsed-row dot). */
  dirsWithChanges: ReadonlyMap<string, boolean>;
}

/**
 * SPEC §4 File changes of the open project against the latest history snapshot, which the
 * history feature provides through `provideLatestSnapshot`. No snapshot -> no changes.
 */
export function useFileChanges(tree: ProjectTree | undefined): WorkspaceChanges {
  const projectName = useSessionStore((s) => s.projectName);
  const snapshot = useChangesSource((s) => (projectName ? s.snapshots[projectName] : null));
  return useMemo(() => {
    const changes = detectChanges(tree?.index.stats ?? new Map(), tree ? snapshot : null);
    const changed = (tree?.index.filePaths ?? []).filter((p) => changes.status.has(p));
    return {
      ...changes,
      changed,
      changedSet: new Set(changed),
      dirsWithChanges: descendantChanges(changes.status),
    };
  }, [tree, snapshot]);
}
