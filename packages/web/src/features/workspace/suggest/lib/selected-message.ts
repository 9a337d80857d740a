import type { TFunction } from 'i18next';

/**
 * What "Select suggested" says it did: how many files, whole or outlined (the split only when
 * some were outlined: "5 whole, 0 outlined" says nothing), their tokens, and how many did not fit.
 */
export function selectedMessage(
  t: TFunction,
  {
    count,
    outlined,
    tokens,
    left,
  }: { count: number; outlined: number; tokens: string; left: number },
): string {
  const message =
    outlined === 0
      ? t('suggest.appliedWhole', { count, tokens })
      : t('suggest.applied', { count, full: count - outlined, outlined, tokens });
  return left > 0 ? `${message} ${t('suggest.leftOut', { count: left })}` : message;
}
