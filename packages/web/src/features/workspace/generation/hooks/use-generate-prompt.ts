import {
  FILE_SIZE_LIMIT_BYTES,
  generatePrompt,
  GenerationError,
  snapshotOf,
} from '@promptloom/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { choose, confirm } from '../../../../components/ui/confirm-dialog';
import { formatNumber } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import {
  addFilesBlock,
  compositionHasFiles,
  emitPromptGenerated,
  promptModelInfo,
  readFinalRequest,
  readProjectModel,
  useLibraryData,
  usePromptStore,
} from '../../session';
import { buildPromptInput, tokenizer, usePromptSources, useTokenStore } from '../../counting';
import { passSecretGate } from '../lib/secret-gate';
import { useFileView } from '../../project-files';
import { usePromptView } from '../stores/prompt-view-store';

const setGenerating = (generating: boolean) => usePromptView.setState({ generating });

/**
 * Prompt generation: idle -> generating -> done | failed. On success the filters
 * turn off, the prompt goes to the history (onPromptGenerated) and opens in the modal.
 */
export function useGeneratePrompt() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const sources = usePromptSources();
  const generating = usePromptView((s) => s.generating);
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

  const generate = useCallback(async () => {
    if (usePromptView.getState().generating) return;
    const { projectName, mode } = sources;
    const finalRequest = readFinalRequest(projectName);
    let composition = sources.composition;
    if (
      projectName &&
      mode === 'PROJECT' &&
      sources.selectedFiles.length > 0 &&
      composition.length > 0 &&
      !compositionHasFiles(composition, sources.blocksById)
    ) {
      const chosen = await filesGate(projectName, sources.selectedFiles.length);
      if (!chosen) return;
      composition = chosen;
    }
    const input = buildPromptInput({ ...sources, composition, finalRequest });
    if (!projectName || (mode === 'PROJECT' && !input.project)) {
      toast.error(t('workspace.generation.notReady'));
      return;
    }
    if (composition.length === 0) {
      toast.error(t('workspace.generation.empty'));
      return;
    }
    setGenerating(true);
    useFileView.getState().resetFilters();
    try {
      const generated = await generatePrompt(input);
      // Secrets are checked before the prompt can be seen, copied or kept in the history.
      const result = await passSecretGate(generated, input.items, finalRequest);
      if (!result) return;
      for (const skip of result.skipped) {
        if (skip.reason === 'too-large') {
          const limit = formatNumber(FILE_SIZE_LIMIT_BYTES / 1_048_576, language);
          toast.error(t('workspace.generation.tooLarge', { limit, path: skip.path }));
        } else console.warn(skip.message);
      }
      // The live count trails edits by the request debounce; the prompt itself is the truth.
      const resolved = readProjectModel(projectName);
      // Counted by the model's tokenizer, like the bar (the same worker and cache).
      const [totalTokens = useTokenStore.getState().tokens] = await tokenizer.countMany(
        [result.prompt],
        resolved.tokenizer,
      );
      const model = promptModelInfo(resolved, sources.format);
      // Over the budget: generated only with consent, and nothing is kept otherwise.
      if (totalTokens > resolved.budget && !(await confirmOverBudget(totalTokens, resolved.budget)))
        return;
      // The history counts the files that went into the prompt, not the ones left out.
      const left = new Set(result.skipped.map((skip) => skip.path));
      await emitPromptGenerated({
        projectName,
        generatedPrompt: result.prompt,
        currentComposition: composition.map((i) => ({ ...i })),
        selectedFiles: input.selectedFiles.filter((path) => !left.has(path)),
        finalRequest,
        totalTokens,
        model,
        fileStructureSnapshot: sources.tree ? snapshotOf(sources.tree.index) : {},
        fileContentSnapshot: Object.fromEntries(result.contents),
      });
      usePromptView.getState().openPrompt(result.prompt, totalTokens, model);
      toast.success(t('workspace.generation.success'));
    } catch (error) {
      if (error instanceof GenerationError) {
        toast.error(
          t(
            error.code === 'COMPOSITION_EMPTY'
              ? 'workspace.generation.empty'
              : 'workspace.generation.notReady',
          ),
        );
      } else {
        console.error(error);
        toast.error(t('workspace.generation.error'));
      }
    } finally {
      setGenerating(false);
    }
  }, [sources, t, confirmOverBudget, language, filesGate]);

  return { generate, generating };
}
