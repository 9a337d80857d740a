import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FullPageSpinner } from '../../components/ui/spinner';
import { startAuth, useAuthStore } from '../../features/auth';
import { AppToaster } from '../app-toaster';

/**
 * The app frame: runs the start-up refresh behind the 'loading app' screen (SPEC §2),
 * then renders the page; toasts and the confirmation dialog are mounted once here.
 * No ErrorBoundary: an unexpected crash shows the router's default error page.
 */
export function Component() {
  const { t } = useTranslation();
  const booting = useAuthStore((s) => s.booting);

  useEffect(() => {
    void startAuth();
  }, []);

  return (
    <>
      {booting ? <FullPageSpinner message={t('app.loading')} /> : <Outlet />}
      <ConfirmDialog />
      <AppToaster />
    </>
  );
}
