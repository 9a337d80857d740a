import { type FitPlan, planFit, tokensIn } from '@promptloom/core';
import { Scissors, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { useFormatNumber } from '#web/lib/format.ts';
import { toast } from '#web/lib/toast.ts';
import { usePromptSources } from '../hooks/use-prompt-sources';
import {
  modesOf,
  projectModes,
  type ProjectModes,
  readFinalRequest,
  useInclusionStore,
  useProjectModel,
} from '../../session';
import { activeAnswerFormat } from '../lib/answer-format';
import { countPrompt } from '../lib/count-prompt';
import { modeCosts } from '../lib/mode-costs';
import { relevanceFor } from '../lib/relevance';
import { buildPromptInput } from '../lib/prompt-input';
import { useTotalTokens } from '../stores/token-store';
import { FitPlanDialog } from './fit-plan-dialog';

/** The project's modes once `plan`'s changes are made. */
function modesAfter(modes: ProjectModes, plan: FitPlan): ProjectModes {
  const files = { ...modes.files };
  for (const change of plan.changes) files[change.path] = change.to;
  return { ...modes, files };
}

/**
 * "Fit to budget", shown while the prompt is over the model's budget: counts what each
 * selected file costs per mode, asks core's planner for a plan, shows it, applies it; then
 * "Undo fit" puts every mode back as it was. The plan's "after" is the exact count of the
 * prompt with its modes (the planner adds per-file costs counted apart), so the dialog, the
 * toast and the bar once applied show one number.
 */
export function FitToBudget() {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const sources = usePromptSources();
  const total = useTotalTokens();
  const { budget, tokenizer: tokenizerId } = useProjectModel();
  const [plan, setPlan] = useState<FitPlan | null>(null);
  const [planning, setPlanning] = useState(false);
  const [undo, setUndo] = useState<{ project: string; modes: ProjectModes } | null>(null);
  const project = sources.projectName;

  if (undo && undo.project === project) {
    return (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          useInclusionStore.getState().replace(undo.project, undo.modes);
          setUndo(null);
        }}
      >
        <Undo2 className="size-4" aria-hidden />
        {t('fit.undo')}
      </Button>
    );
  }
  if (!project || total <= budget) return null;

  const propose = async () => {
    setPlanning(true);
    try {
      const input = buildPromptInput({ ...sources, finalRequest: '' });
      const paths = input.selectedFiles;
      const costs = await modeCosts({ ...sources, finalRequest: '' }, paths, tokenizerId);
      const own = projectModes(project).files;
      const files = paths.map((path) => ({
        path,
        mode: sources.fileModes?.get(path) ?? 'full',
        tokens: costs.get(path) ?? { full: 0, path: 0 },
        pinned: own[path] === 'full',
      }));
      const filesNow = files.reduce((sum, file) => sum + tokensIn(file.tokens, file.mode), 0);
      const request = readFinalRequest(project);
      // With a request, the least relevant files go first, as suggestions rank them.
      const relevance = await relevanceFor(request);
      const answerFormat = activeAnswerFormat(sources);
      const planned = planFit({
        files,
        otherTokens: Math.max(0, total - filesNow),
        budget,
        request,
        ...(relevance && { relevance }),
        ...(answerFormat && { answerFormat }),
      });
      const fileModes = modesOf(modesAfter(projectModes(project), planned), sources.selectedFiles);
      const after = planned.changes.length
        ? await countPrompt({ ...sources, fileModes, finalRequest: request }, tokenizerId)
        : planned.after;
      setPlan({ ...planned, before: total, after, fits: after <= budget });
    } catch (error) {
      console.error(error);
      toast.error(t('fit.error'));
    } finally {
      setPlanning(false);
    }
  };

  const apply = () => {
    if (!plan) return;
    const before = projectModes(project);
    useInclusionStore.getState().replace(project, modesAfter(before, plan));
    setUndo({ project, modes: before });
    setPlan(null);
    toast.success(t('fit.applied', { before: format(plan.before), after: format(plan.after) }));
  };

  return (
    <>
      <Button size="sm" variant="secondary" disabled={planning} onClick={() => void propose()}>
        <Scissors className="size-4" aria-hidden />
        {t('fit.button')}
      </Button>
      <FitPlanDialog plan={plan} onApply={apply} onClose={() => setPlan(null)} />
    </>
  );
}
