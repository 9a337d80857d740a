import {
  FILE_SIZE_LIMIT_BYTES,
  generatePrompt,
  GenerationError,
  snapshotOf,
} from '@promptloom/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#web/lib/format.ts';
import { toast } from '#web/lib/toast.ts';
import {
  compositionHasFiles,
  emitPromptGenerated,
  promptModelInfo,
  readFinalRequest,
  readProjectModel,
} from '../../session';
import { buildPromptInput, tokenizer, usePromptSources, useTokenStore } from '../../counting';
import { passSecretGate } from '../lib/secret-gate';
import { useFileView } from '../../project-files';
import { usePromptView } from '../stores/prompt-view-store';
import { useGenerationDialogs } from './use-generation-dialogs';

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

  const { confirmOverBudget, filesGate } = useGenerationDialogs();

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
