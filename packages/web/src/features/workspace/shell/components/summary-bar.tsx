import { Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useProjectComposition, useProjectModel, useSessionStore } from '../../session';
import {
  FitToBudget,
  TokenProgressBar,
  useTokensSettled,
  useTokenStore,
  useTotalTokens,
} from '../../counting';
import { GenerateButton } from '../../generation';
import { CountProgress } from './count-progress';
import { FilesNotInPrompt } from './files-not-in-prompt';

/**
 * Summary bar: token progress (or calculating), block count, Generate. Each part reads its
 * own state, so a count's progress or a keystroke re-renders only the part it changes.
 */
export function SummaryBar() {
  return (
    <>
      <FilesNotInPrompt />
      {/* Wraps: on a phone the actions take a line under the tokens when both do not fit on
          one (over the budget, Fit to budget joins Generate), rather than cover the count. */}
      <div className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-200 bg-white px-4 py-2.5">
        {/* Wraps too: on a phone the counting progress takes a line under the token bar. */}
        <div className="flex min-w-0 flex-1 basis-56 flex-wrap items-center gap-x-3 gap-y-1">
          <SummaryTokens />
          <SummaryCounting />
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-4">
          <FitToBudget />
          <BlockCount />
          <GenerateButton />
        </div>
      </div>
    </>
  );
}

function SummaryTokens() {
  const total = useTotalTokens();
  const estimated = useTokenStore((s) => s.estimated);
  const model = useProjectModel();
  const settled = useTokensSettled();
  return (
    <TokenProgressBar
      current={total}
      max={model.budget}
      estimated={estimated || !model.exact}
      settled={settled}
    />
  );
}

function SummaryCounting() {
  const { t } = useTranslation();
  const calculating = useTokenStore((s) => s.calculating);
  const progress = useTokenStore((s) => s.progress);
  if (!calculating) return null;
  if (progress) return <CountProgress done={progress.done} total={progress.total} />;
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-500" role="status">
      <Spinner className="size-3.5" />
      {t('workspace.tokens.calculating')}
    </span>
  );
}

function BlockCount() {
  const { t } = useTranslation();
  const projectName = useSessionStore((s) => s.projectName);
  const currentComposition = useProjectComposition(projectName);
  return (
    <span className="hidden items-center gap-1.5 text-sm text-slate-600 sm:flex">
      <Layers className="size-4 text-slate-400" aria-hidden />
      {t('workspace.blockCount', { count: currentComposition.length })}
    </span>
  );
}
