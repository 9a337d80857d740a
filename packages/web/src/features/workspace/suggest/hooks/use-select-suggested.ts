import {
  DEFAULT_ANSWER_FORMAT,
  effectiveMode,
  type ModeTokens,
  requestNames,
  tokensIn,
} from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { usePromptSources, useTotalTokens } from '../../counting';
import {
  projectModes,
  readFinalRequest,
  useInclusionStore,
  useProjectModel,
  usePromptStore,
} from '../../session';
import type { RankedFileMessage } from '../../../../workers/suggest-index-protocol';
import { fitSuggested } from '../lib/fit-suggested';

/**
 * "Select suggested": the ticked files join the selection, whole from the top while they fit,
 * then outlined (decision 097); what fits neither way is left out and said so.
 */
export function useSelectSuggested() {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const sources = usePromptSources();
  const total = useTotalTokens();
  const { budget } = useProjectModel();

  return (ticked: readonly RankedFileMessage[], costs: ReadonlyMap<string, ModeTokens>) => {
    const project = sources.projectName;
    if (!project) return;
    const selected = new Set(sources.selectedFiles);
    // The room left, given back what the ticked files already in the prompt cost there now.
    let room = budget - total;
    for (const { path } of ticked) {
      const cost = costs.get(path);
      if (cost && selected.has(path))
        room += tokensIn(cost, sources.fileModes?.get(path) ?? 'full');
    }
    const named = requestNames(readFinalRequest(project));
    const editsBySearch = answerEditsBySearch(sources);
    const fit = fitSuggested(
      ticked.map(({ path, reasons }, i) => ({
        path,
        tokens: costs.get(path) ?? { full: 0, path: 0 },
        wholeOnly:
          named(path) ||
          reasons.some((reason) => reason.kind === 'mentioned') ||
          (i === 0 && editsBySearch),
      })),
      room,
    );

    const keep = new Set(fit.kept.map((file) => file.path));
    const order = sources.tree?.index.filePaths ?? [];
    const next = order.filter((path) => selected.has(path) || keep.has(path));
    usePromptStore.getState().setSelectedFiles(project, next);

    const before = projectModes(project);
    const files = { ...before.files };
    const folders = new Map(Object.entries(before.folders));
    for (const { path, mode } of fit.kept) {
      delete files[path];
      // Whole unless its folder says otherwise: an own mode of Full would pin it for Fit.
      const inherited = effectiveMode(path, new Map(), folders);
      if (mode === 'outline' || inherited !== 'full') files[path] = mode;
    }
    useInclusionStore.getState().replace(project, { ...before, files });

    const outlined = fit.kept.filter((file) => file.mode === 'outline').length;
    const message = t('suggest.applied', {
      count: fit.kept.length,
      full: fit.kept.length - outlined,
      outlined,
      tokens: format(fit.tokens),
    });
    if (fit.left.length > 0) {
      toast.info(`${message} ${t('suggest.leftOut', { count: fit.left.length })}`);
    } else toast.success(message);
  };
}

/** Whether the active answer format edits by search text (search/replace, unified diff). */
function answerEditsBySearch(sources: ReturnType<typeof usePromptSources>): boolean {
  return sources.composition.some((item) => {
    if (!item.isActive || sources.blocksById.get(item.blockId)?.type !== 'ANSWER_FORMAT') {
      return false;
    }
    const mode = sources.answerFormats?.[item.instanceId] ?? DEFAULT_ANSWER_FORMAT;
    return mode === 'search-replace' || mode === 'unified-diff';
  });
}
