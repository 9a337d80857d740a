import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { libraryToast as toast } from '../lib/toast';
import { resolveShareToken } from '../api';

/** /share/:token: resolves the private link, then goes to the item (or /library on error). */
export function ShareTokenPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Resolve once: StrictMode's double effect must not record access twice.
    if (started.current) return;
    started.current = true;
    resolveShareToken(token).then(
      (item) => void navigate(`/shared/${item.id}`, { replace: true }),
      (error: unknown) => {
        toast.error(errorMessage(error, t('library.shareLinkError')));
        void navigate('/library', { replace: true });
      },
    );
  }, [token, navigate, t]);

  return <FullPageSpinner message={t('library.resolvingLink')} />;
}
