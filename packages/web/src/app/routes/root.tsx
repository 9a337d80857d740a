import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FullPageSpinner } from '../../components/ui/spinner';
import { startAuth, useAuthStore } from '../../features/auth';
import { AppToaster } from '../app-toaster';
import { RootErrorBoundary } from '../root-error-boundary';
import { ServerUnreachablePage } from '../server-unreachable-page';

/**
 * The app frame: runs the start-up refresh behind the 'loading app' screen,
 * then renders the page; toasts and the confirmation dialog are mounted once here. When
 * the server cannot be reached at start-up it says so, with Retry.
 */
export function Component() {
  const { t } = useTranslation();
  const booting = useAuthStore((s) => s.booting);
  const unreachable = useAuthStore((s) => s.unreachable);

  useEffect(() => {
    void startAuth();
  }, []);

  return (
    <>
      {booting ? (
        <FullPageSpinner message={t('app.loading')} />
      ) : unreachable ? (
        <ServerUnreachablePage />
      ) : (
        <Outlet />
      )}
      <ConfirmDialog />
      <AppToaster />
    </>
  );
}

/** A crash of the frame itself, or a 404 thrown by a loader: branded, with a way back. */
export const ErrorBoundary = RootErrorBoundary;
