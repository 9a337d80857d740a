import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { retryStartAuth } from '../features/auth';
import { StatusPage } from './status-page';

/** Start-up could not reach the API (network error or 5xx): say so, and offer Retry. */
export function ServerUnreachablePage() {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void retryStartAuth().finally(() => setRetrying(false));
  };
  return (
    <StatusPage title={t('unreachable.title')} message={t('unreachable.message')}>
      <Button onClick={retry} busy={retrying}>
        {!retrying && <RefreshCw className="size-4" aria-hidden />}
        {retrying ? t('unreachable.retrying') : t('unreachable.retry')}
      </Button>
    </StatusPage>
  );
}
