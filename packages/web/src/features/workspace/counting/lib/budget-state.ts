import { TOKEN_BAR_DANGER_RATIO, TOKEN_BAR_WARNING_RATIO } from '#web/config/limits.ts';

/** How a count stands against its budget; the bar, its text and the header count share it. */
export type BudgetState = 'ok' | 'warning' | 'danger' | 'over';

export function budgetState(current: number, max: number): BudgetState {
  if (current > max) return 'over';
  const ratio = max > 0 ? current / max : 0;
  if (ratio > TOKEN_BAR_DANGER_RATIO) return 'danger';
  if (ratio > TOKEN_BAR_WARNING_RATIO) return 'warning';
  return 'ok';
}

/** Over the budget the text is red like the bar (decision 099); below it, the usual grey. */
export const BUDGET_TEXT_CLASS: Record<BudgetState, string> = {
  ok: 'text-slate-600',
  warning: 'text-slate-600',
  danger: 'text-slate-600',
  over: 'text-red-700',
};
