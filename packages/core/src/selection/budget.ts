/**
 * The limit of a selection is the token budget of the project's model (context window −
 * answer reserve), not a number of files. A prompt over its budget is refused with the
 * budget and how far over it is.
 */
export type BudgetVerdict =
  { ok: true } | { ok: false; reason: 'budget'; tokens: number; budget: number; over: number };

export function checkTokenBudget(tokens: number, budget: number): BudgetVerdict {
  if (tokens <= budget) return { ok: true };
  return { ok: false, reason: 'budget', tokens, budget, over: tokens - budget };
}

/**
 * Only a selection that grows can be refused: removing files (or keeping the same ones)
 * always goes through, even when the prompt is already over budget (the user is fixing it).
 */
export function selectionGrows(
  next: ReadonlySet<string> | readonly string[],
  current: ReadonlySet<string>,
): boolean {
  for (const path of next) if (!current.has(path)) return true;
  return false;
}
