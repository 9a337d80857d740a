import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { StatusPage } from './status-page';

/** Any address no route matches (the router's catch-all and its 404s). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <StatusPage
      code={t('notFound.code')}
      title={t('notFound.title')}
      message={t('notFound.message', { path: pathname })}
    >
      <Link
        to="/"
        className="inline-flex items-center gap-2 rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('notFound.back')}
      </Link>
    </StatusPage>
  );
}
