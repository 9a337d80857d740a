import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '#web/lib/format.ts';

/** A label with what it costs: "name · 1,234 tokens", or "name · counting…" while null. */
export function useWithCost(): (name: string, cost: number | null) => string {
  const { t } = useTranslation();
  const format = useFormatNumber();
  return (name, cost) =>
    cost === null
      ? t('workspace.structure.counting', { name })
      : t('workspace.structure.withCost', { name, tokens: format(cost) });
}
