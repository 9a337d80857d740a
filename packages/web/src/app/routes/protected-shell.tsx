import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { savePostLoginPath, useAuth, useAuthStore } from '../../features/auth';
import { Shell } from '../shell/shell';

/** The route guard: spinner while auth loads, /login when signed out, else the shell. */
export function Component() {
  const { t } = useTranslation();
  const { status, user } = useAuth();

  if (status === 'unauthenticated') return <ToLogin />;
  if (status !== 'authenticated' || !user) {
    return <FullPageSpinner message={t('app.initializingSession')} />;
  }
  return <Shell user={user} />;
}

/** Remembers where the user was heading (not after their own log-out), then goes to /login. */
function ToLogin() {
  const location = useLocation();
  const endedBy = useAuthStore((s) => s.endedBy);
  const path = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (endedBy !== 'user') savePostLoginPath(path);
  }, [endedBy, path]);

  return <Navigate to="/login" replace />;
}
