import {
  addChangedFiles,
  addSearchMatches,
  replaceWithChangedFiles,
  type SelectionResult,
  toggleDirectory,
  toggleFile,
  toggleSelectAll,
} from '@promptloom/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#web/lib/toast.ts';
import { useProjectSelectedFiles, usePromptStore, useSessionStore } from '../../session';
import type { ProjectTree } from '../../project-files';

/**
 * The selector's actions: core's selection rules applied to the project's stored selection,
 * refusals (the file-count limit, no match) turned into toasts. Tokens never refuse a
 * selection (decision 053): an over-budget prompt is shown over budget with Fit to budget at
 * hand. Each action starts from the stored selection, so quick clicks are not lost.
 */
export function useFileSelection(tree: ProjectTree | undefined, changed: readonly string[]) {
  const { t } = useTranslation();
  const project = useSessionStore((s) => s.projectName) ?? '';
  const selectedFiles = useProjectSelectedFiles(project);
  const selected = useMemo(() => new Set(selectedFiles), [selectedFiles]);

  /** Keeps tree order in storage, so the prompt lists files as the tree does. */
  const apply = useCallback(
    (rule: (current: ReadonlySet<string>) => SelectionResult, oneFile = false, query = '') => {
      const current = new Set(usePromptStore.getState().projects[project]?.selectedFiles ?? []);
      const result = rule(current);
      if (!result.ok) {
        if (result.reason === 'no-match') toast.error(t('fileSelector.noFileFound', { query }));
        else if (oneFile) toast.error(t('fileSelector.fileLimitReached', { max: result.max }));
        else toast.error(t('fileSelector.selectionLimitError', { max: result.max }));
        return;
      }
      const order = tree?.index.filePaths ?? [];
      const next = order.length
        ? order.filter((p) => result.selected.has(p))
        : [...result.selected];
      usePromptStore.getState().setSelectedFiles(project, next);
    },
    [project, t, tree],
  );

  return {
    selected,
    toggleFile: (path: string) => apply((current) => toggleFile(path, current), true),
    toggleDirectory: (dirPath: string) =>
      apply((current) => toggleDirectory(tree?.index.filesByDirectory.get(dirPath) ?? [], current)),
    toggleSelectAll: () =>
      apply((current) => toggleSelectAll(tree?.index.filePaths ?? [], current)),
    deselectAll: () => usePromptStore.getState().setSelectedFiles(project, []),
    addChanged: () => apply((current) => addChangedFiles(changed, current)),
    replaceWithChanged: () => apply(() => replaceWithChangedFiles(changed)),
    submitSearch: (query: string) =>
      apply(
        (current) => addSearchMatches(tree?.index.filePaths ?? [], query, current),
        false,
        query,
      ),
  };
}
