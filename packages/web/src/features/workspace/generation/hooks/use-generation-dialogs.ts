import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { choose, confirm } from '#web/components/ui/confirm-dialog.tsx';
import { formatNumber } from '#web/lib/format.ts';
import { addFilesBlock, useLibraryData, usePromptStore } from '../../session';

/** The questions Generate may ask before it goes on: over the budget, and files left out. */
export function useGenerationDialogs() {
  const { t, i18n } = useTranslation();
  const { blocks } = useLibraryData();

  const confirmOverBudget = useCallback(
    (tokens: number, budget: number) =>
      confirm({
        title: t('workspace.generation.overBudget.title'),
        message: t('workspace.generation.overBudget.message', {
          over: formatNumber(tokens - budget, i18n.language),
          budget: formatNumber(budget, i18n.language),
          total: formatNumber(tokens, i18n.language),
        }),
        confirmText: t('workspace.generation.overBudget.confirm'),
        cancelText: t('common.cancel'),
      }),
    [t, i18n.language],
  );

  /**
   * Files are selected but no block puts them in the prompt: add the files block, go on
   * without them, or stop. Returns the composition to generate, or null to stop.
   */
  const filesGate = useCallback(
    async (project: string, selected: number) => {
      const choice = await choose({
        title: t('workspace.filesNotInPrompt.dialogTitle'),
        message: t('workspace.filesNotInPrompt.message', { count: selected }),
        confirmText: t('workspace.filesNotInPrompt.addAndGenerate'),
        alternativeText: t('workspace.filesNotInPrompt.generateWithout'),
        primary: true,
      });
      if (choice === 'cancel') return null;
      if (choice === 'confirm') addFilesBlock(project, blocks);
      return usePromptStore.getState().projects[project]?.currentComposition ?? null;
    },
    [t, blocks],
  );

  return { confirmOverBudget, filesGate };
}
