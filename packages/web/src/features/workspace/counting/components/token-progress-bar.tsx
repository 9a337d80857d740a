import { MAX_TOKENS } from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { useFormatNumber } from '#web/lib/format.ts';
import { BUDGET_TEXT_CLASS, budgetState } from '../lib/budget-state';

/**
 * Token progress bar: current/max, blue, yellow above 75 %, red above 90 %, capped width;
 * over the budget it is red and striped, its text red, and says by how much, so 96 % and over
 * budget never look alike (decisions 053, 099).
 */
export function TokenProgressBar({
  current,
  max = MAX_TOKENS,
  estimated = false,
  settled = true,
}: {
  current: number;
  max?: number;
  estimated?: boolean;
  /** false while the figure may still change (aria-busy): a count is waiting or running. */
  settled?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const ratio = max > 0 ? current / max : 0;
  const state = budgetState(current, max);
  const over = state === 'over';
  const color = {
    over: 'bg-red-600 bg-[repeating-linear-gradient(135deg,transparent_0_4px,rgb(255_255_255/0.35)_4px_8px)]',
    danger: 'bg-red-500',
    warning: 'bg-amber-400',
    ok: 'bg-indigo-500',
  }[state];
  const count = t('workspace.tokens.count', {
    current: format(current),
    max: format(max),
  });
  const overText = over ? t('workspace.tokens.overBudget', { over: format(current - max) }) : '';
  const label = over ? `${count} · ${overText}` : count;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <div
        role="progressbar"
        aria-label={t('workspace.tokens.label')}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={current}
        aria-valuetext={label}
        aria-busy={!settled}
        data-state={state}
        className="h-2 w-40 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full transition-all', color)}
          style={{ width: `${Math.min(100, ratio * 100)}%` }}
        />
      </div>
      <span
        className={cn('text-xs whitespace-nowrap tabular-nums', BUDGET_TEXT_CLASS[state])}
        data-testid="token-count"
        data-state={state}
      >
        {estimated && (
          <span title={t('workspace.model.estimateTitle')} data-testid="token-estimate">
            ≈{' '}
          </span>
        )}
        {count}
        {over && (
          <strong className="ml-1.5 font-semibold text-red-700" data-testid="over-budget">
            {overText}
          </strong>
        )}
      </span>
    </div>
  );
}
