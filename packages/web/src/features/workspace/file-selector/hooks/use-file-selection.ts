import {
  addChangedFiles,
  addSearchMatches,
  replaceWithChangedFiles,
  selectionGrows,
  type SelectionResult,
  toggleDirectory,
  toggleFile,
  toggleSelectAll,
} from '@promptloom/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast';
import {
  modelLabel,
  readProjectModel,
  useProjectSelectedFiles,
  usePromptStore,
  useSessionStore,
} from '../../session';
import { checkSelectionBudget, usePromptSources } from '../../counting';
import type { ProjectTree } from '../../project-files';

/**
 * The selector's actions: core's selection rules applied to the project's
 * stored selection, refusals turned into toasts. The limit is the token budget of the
 * project's model: a selection that grows is applied at once (a checkbox answers
 * its click), counted, and taken back with the budget and the overrun when the prompt does
 * not fit. Each action starts from the stored selection, so quick clicks are not lost.
 */
export function useFileSelection(tree: ProjectTree | undefined, changed: readonly string[]) {
  const { t, i18n } = useTranslation();
  const project = useSessionStore((s) => s.projectName) ?? '';
  const selectedFiles = useProjectSelectedFiles(project);
  const selected = useMemo(() => new Set(selectedFiles), [selectedFiles]);
  const sources = usePromptSources();

  /** Keeps tree order in storage, so the prompt lists files as the tree does. */
  const apply = useCallback(
    (rule: (current: ReadonlySet<string>) => SelectionResult, oneFile = false, query = '') => {
      const run = async (): Promise<void> => {
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
        const store = usePromptStore.getState();
        store.setSelectedFiles(project, next);
        if (!selectionGrows(next, current)) return;
        const verdict = await checkSelectionBudget(sources, next);
        if (verdict.ok) return;
        if (usePromptStore.getState().projects[project]?.selectedFiles === next) {
          store.setSelectedFiles(project, [...current]);
        }
        const n = (value: number) => value.toLocaleString(i18n.language);
        const model = readProjectModel(project);
        toast.error(
          t('fileSelector.budgetExceeded', {
            tokens: n(verdict.tokens),
            over: n(verdict.over),
            budget: n(verdict.budget),
            model: modelLabel(t, { ...model.preset, tokenizer: model.tokenizer }),
          }),
        );
      };
      void run();
    },
    [project, t, i18n.language, tree, sources],
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
