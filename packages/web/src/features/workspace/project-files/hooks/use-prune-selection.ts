import { pruneSelection } from '@promptloom/core';
import { useEffect } from 'react';
import { usePromptStore, useSessionStore } from '../../session';
import { useFileTree } from './use-file-tree';

/** When the structure (re)loads, selected files that no longer exist are dropped. */
export function usePruneSelection(): void {
  const tree = useFileTree().data;
  const projectName = useSessionStore((s) => s.projectName);
  useEffect(() => {
    if (!tree || !projectName) return;
    const store = usePromptStore.getState();
    const selected = store.projects[projectName]?.selectedFiles ?? [];
    const kept = pruneSelection(new Set(selected), tree.index.fileSet);
    if (kept.size !== selected.length) {
      store.setSelectedFiles(
        projectName,
        selected.filter((path) => kept.has(path)),
      );
    }
  }, [tree, projectName]);
}
