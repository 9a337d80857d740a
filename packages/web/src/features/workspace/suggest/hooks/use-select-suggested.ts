import {
  filedReport,
  effectiveMode,
  type ModeTokens,
  type RankedFile,
  requestNames,
  suggestSelection,
  tokensIn,
} from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '#web/lib/format.ts';
import { toast } from '#web/lib/toast.ts';
import { activeAnswerFormat, usePromptSources, useTotalTokens } from '../../counting';
import {
  projectModes,
  readFinalRequest,
  useInclusionStore,
  useProjectModel,
  usePromptStore,
} from '../../session';
import { selectedMessage } from '../lib/selected-message';

/**
 * "Select suggested": the ticked files join the selection as core's suggestSelection fits
 * them in the room the prompt leaves (decisions 097, 123) — whole by worth per token (named
 * files, the top one, then rank over size) while they fit, then the others outlined; a file the
 * request names is never outlined (its outline cost is withheld), nor the top one when the
 * answer edits by quoting. What fits neither way is left out, and said.
 */
export function useSelectSuggested() {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const sources = usePromptSources();
  const total = useTotalTokens();
  const { budget } = useProjectModel();

  return (ticked: readonly RankedFile[], costs: ReadonlyMap<string, ModeTokens>) => {
    const project = sources.projectName;
    if (!project) return;
    const selected = new Set(sources.selectedFiles);
    const request = readFinalRequest(project);
    const named = requestNames(request);
    // What the prompt spends besides the ticked files (those already in it are given back).
    let otherTokens = total;
    const tokens = new Map<string, ModeTokens>();
    for (const { path, reasons } of ticked) {
      const cost = costs.get(path);
      if (!cost) continue;
      if (selected.has(path)) otherTokens -= tokensIn(cost, sources.fileModes?.get(path) ?? 'full');
      const wholeOnly = named(path) || reasons.some((reason) => reason.kind === 'mentioned');
      tokens.set(path, wholeOnly ? { full: cost.full, path: cost.path } : cost);
    }
    const fit = suggestSelection({
      ranked: ticked,
      budget,
      tokens,
      otherTokens,
      answerFormat: activeAnswerFormat(sources),
      report: filedReport(request),
    });

    const keep = new Set(fit.files.map((file) => file.path));
    const order = sources.tree?.index.filePaths ?? [];
    const next = order.filter((path) => selected.has(path) || keep.has(path));
    usePromptStore.getState().setSelectedFiles(project, next);

    const before = projectModes(project);
    const files = { ...before.files };
    const folders = new Map(Object.entries(before.folders));
    for (const { path, mode } of fit.files) {
      delete files[path];
      // Whole unless its folder says otherwise: an own mode of Full would pin it for Fit.
      if (mode === 'outline' || effectiveMode(path, new Map(), folders) !== 'full') {
        files[path] = mode;
      }
    }
    useInclusionStore.getState().replace(project, { ...before, files });

    const outlined = fit.files.filter((file) => file.mode === 'outline').length;
    const left = ticked.length - fit.files.length;
    const message = selectedMessage(t, {
      count: fit.files.length,
      outlined,
      tokens: format(fit.tokens),
      left,
    });
    if (left > 0) toast.info(message);
    else toast.success(message);
  };
}
