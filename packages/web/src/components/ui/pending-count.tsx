import { useTranslation } from 'react-i18next';

/** "…" where a token count is still on its way; a screen reader hears what it means instead. */
export function PendingCount() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">…</span>
      <span className="sr-only">{t('common.countingTokens')}</span>
    </>
  );
}
