import { AlertTriangle, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * Generic: a title and the message, or the unknown-error sentence. With `onRetry`
 * (a list whose request failed) it offers Retry, so a failure is never a dead end.
 */
export function ErrorBox({
  message,
  onRetry,
  retrying = false,
}: {
  message?: string | null;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4">
      <AlertTriangle className="size-5 shrink-0 text-red-600" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-red-800">{t('common.errorTitle')}</p>
        <p className="text-sm text-red-700">{message || t('common.unknownError')}</p>
        {onRetry && (
          <Button size="sm" variant="secondary" className="mt-3" busy={retrying} onClick={onRetry}>
            {!retrying && <RefreshCw className="size-3.5" aria-hidden />}
            {t('common.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
