import { useTranslation } from 'react-i18next';
import { cn } from '../../../../lib/cn';
import { useFormatNumber } from '../../../../lib/format';
import { BUDGET_TEXT_CLASS, budgetState } from '../lib/budget-state';

/** The header's "12,345 / 200,000 tokens": red over the budget, like the bar (decision 099). */
export function HeaderTokenCount({
  total,
  budget,
  calculating,
  approximate,
}: {
  total: number;
  budget: number;
  calculating: boolean;
  /** An estimate, or a model without an exact tokenizer: shown with "≈". */
  approximate: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const state = calculating ? 'ok' : budgetState(total, budget);
  return (
    <span
      className="hidden shrink-0 items-center gap-1.5 min-[1400px]:flex"
      title={t('workspace.tokens.label')}
    >
      <span
        className={cn('font-mono whitespace-nowrap tabular-nums', BUDGET_TEXT_CLASS[state])}
        data-testid="top-bar-tokens"
        data-state={state}
      >
        {calculating ? '…' : `${approximate ? '≈' : ''}${format(total)}`} / {format(budget)}
      </span>
      <span className="text-slate-400">{t('workspace.topBar.tokens')}</span>
    </span>
  );
}
