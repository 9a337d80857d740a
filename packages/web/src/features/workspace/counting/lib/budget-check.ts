import { type BudgetVerdict, checkTokenBudget } from '@promptloom/core';
import { readFinalRequest, readProjectModel } from '../../session';
import { useTokenStore } from '../stores/token-store';
import { countPromptSegments } from './count-segments';
import { buildPromptInput, type PromptSources } from './prompt-input';

/**
 * Counts the prompt a candidate selection would give (request included) and holds it against
 * the project's budget. Counts go through the same pipeline and caches as the live count, so
 * the count that follows an accepted selection finds them done. A prompt without a files
 * block does not depend on the selection and is never refused; a failed count lets the
 * selection through (the bar still shows the count once it works).
 */
export async function checkSelectionBudget(
  sources: Omit<PromptSources, 'finalRequest'>,
  selectedFiles: readonly string[],
): Promise<BudgetVerdict & { model: string }> {
  const model = readProjectModel(sources.projectName);
  const verdict = { model: model.preset.id };
  const input = buildPromptInput({
    ...sources,
    selectedFiles,
    finalRequest: readFinalRequest(sources.projectName),
  });
  const hasFiles = input.items.some((i) => i.isActive && i.type === 'SELECTED_FILES_CONTENT');
  if (!hasFiles || !input.project) return { ok: true, ...verdict };
  const wasCalculating = useTokenStore.getState().calculating;
  useTokenStore.setState({ calculating: true });
  try {
    const counted = await countPromptSegments(input, sources.tree?.index.stats, () => false);
    const tokens = counted ? counted.counts.reduce((sum, n) => sum + n, 0) : 0;
    const result = checkTokenBudget(tokens, model.budget);
    if (!result.ok) useTokenStore.setState({ calculating: wasCalculating });
    return { ...result, ...verdict };
  } catch (error) {
    console.warn('Budget check skipped', error);
    useTokenStore.setState({ calculating: wasCalculating });
    return { ok: true, ...verdict };
  }
}
