import {
  addChangedFiles,
  addSearchMatches,
  replaceWithChangedFiles,
  toggleDirectory,
  toggleFile,
  toggleSelectAll,
  type SelectionResult,
} from '@promptloom/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { usePromptStore, useProjectSelectedFiles } from '../stores/prompt-store';
import { useSessionStore } from '../stores/session-store';
import type { ProjectTree } from './use-file-tree';

/**
 * The selector's actions: core's selection rules (SPEC §2, §5) applied to the project's
 * stored selection, refusals turned into the spec's toasts.
 */
export function useFileSelection(tree: ProjectTree | undefined, changed: readonly string[]) {
  const { t } = useTranslation();
  const project = useSessionStore((s) => s.projectName) ?? '';
  const selectedFiles = useProjectSelectedFiles(project);
  const selected = useMemo(() => new Set(selectedFiles), [selectedFiles]);

  /** Keeps tree order in storage, so the prompt lists files as the tree does. */
  const apply = useCallback(
    (result: SelectionResult, oneFile = false, query = ''): boolean => {
      if (result.ok) {
        const order = tree?.index.filePaths ?? [];
        const next = order.length
          ? order.filter((p) => result.selected.has(p))
          : [...result.selected];
        usePromptStore.getState().setSelectedFiles(project, next);
        return true;
      }
      if (result.reason === 'no-match') toast.error(t('fileSelector.noFileFound', { query }));
      else if (oneFile) toast.error(t('fileSelector.fileLimitReached', { max: result.max }));
      else toast.error(t('fileSelector.selectionLimitError', { max: result.max }));
      return false;
    },
    [project, t, tree],
  );

  return {
    selected,
    toggleFile: (path: string) => apply(toggleFile(path, selected), true),
    toggleDirectory: (dirPath: string) =>
      apply(toggleDirectory(tree?.index.filesByDirectory.get(dirPath) ?? [], selected)),
    toggleSelectAll: () => apply(toggleSelectAll(tree?.index.filePaths ?? [], selected)),
    deselectAll: () => usePromptStore.getState().setSelectedFiles(project, []),
    addChanged: () => apply(addChangedFiles(changed, selected)),
    replaceWithChanged: () => apply(replaceWithChangedFiles(changed)),
    submitSearch: (query: string) =>
      apply(addSearchMatches(tree?.index.filePaths ?? [], query, selected), false, query),
  };
}
