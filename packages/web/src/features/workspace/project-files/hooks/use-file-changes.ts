import { descendantChanges, detectChanges, type FileChanges } from '@promptloom/core';
import { useMemo } from 'react';
import { useChangesSource } from '../stores/changes-source';
import { useSessionStore } from '../../session';
import type { ProjectTree } from './use-file-tree';

export interface WorkspaceChanges extends FileChanges {
  /** Added + modified, in tree order. */
  changed: string[];
  changedSet: ReadonlySet<string>;
  /** Directory path -> has a flagged file beneath (the collapsed-row dot). */
  dirsWithChanges: ReadonlyMap<string, boolean>;
}

/**
 * File changes of the open project against the latest history snapshot, which the
 * history feature provides through `provideLatestSnapshot`. No snapshot -> no changes;
 * none either while the tree's metadata is still being fetched.
 */
export function useFileChanges(tree: ProjectTree | undefined): WorkspaceChanges {
  const projectName = useSessionStore((s) => s.projectName);
  const snapshot = useChangesSource((s) => (projectName ? s.snapshots[projectName] : null));
  const asPrompted = useChangesSource((s) => (projectName ? s.asPrompted[projectName] : undefined));
  return useMemo(() => {
    // Sizes and mtimes arrive after the listing (decision 031): compare only once known.
    const ready = tree?.metadataReady === true;
    // A file an undo put back as the prompt saw it counts as the prompt's, at its new stat.
    const against = snapshot && asPrompted ? { ...snapshot, ...asPrompted } : snapshot;
    const changes = detectChanges(tree?.index.stats ?? new Map(), ready ? against : null);
    const changed = (tree?.index.filePaths ?? []).filter((p) => changes.status.has(p));
    return {
      ...changes,
      changed,
      changedSet: new Set(changed),
      dirsWithChanges: descendantChanges(changes.status),
    };
  }, [tree, snapshot, asPrompted]);
}
