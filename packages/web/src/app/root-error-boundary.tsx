import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { errorMessage } from '../lib/error-message';
import { NotFoundPage } from './not-found-page';
import { StatusPage } from './status-page';

/**
 * The root's errorElement: a 404 response is the branded not-found page, anything else a
 * branded crash page with Reload and a way home, never the router's developer page.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <StatusPage
      title={t('crash.title')}
      message={
        <>
          {t('crash.message')}
          <span className="mt-2 block font-mono text-xs text-slate-500">
            {isRouteErrorResponse(error)
              ? `${error.status} ${error.statusText}`
              : errorMessage(error)}
          </span>
        </>
      }
    >
      <Button onClick={() => window.location.reload()}>
        <RotateCw className="size-4" aria-hidden />
        {t('common.reload')}
      </Button>
      <Link to="/" className="text-sm font-medium text-indigo-600 hover:text-indigo-800">
        {t('notFound.back')}
      </Link>
    </StatusPage>
  );
}
