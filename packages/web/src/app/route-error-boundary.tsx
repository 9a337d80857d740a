import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorBox } from '../components/ui/error-box';
import { errorMessage } from '../lib/error-message';

/** One error boundary per route: the page fails, the shell stays usable. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : errorMessage(error);
  return (
    <div className="mx-auto max-w-2xl p-8">
      <ErrorBox message={message} />
      <div className="mt-4 flex gap-4 text-sm">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="font-medium text-indigo-600 hover:text-indigo-800"
        >
          {t('common.reload')}
        </button>
        <Link to="/" className="font-medium text-indigo-600 hover:text-indigo-800">
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
