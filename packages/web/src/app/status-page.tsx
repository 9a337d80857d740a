import { Layers } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A whole-page message in the app's colours (404, crash, server unreachable): the brand,
 * a heading, a sentence and the ways on. Never a dead end.
 */
export function StatusPage({
  code,
  title,
  message,
  children,
}: {
  code?: string;
  title: string;
  message: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-br from-slate-50 via-white to-indigo-50 px-4 py-12">
      <div className="w-full max-w-md text-center">
        <p className="mb-8 inline-flex items-center gap-2.5 text-base font-semibold text-slate-900">
          <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-lg shadow-indigo-600/30">
            <Layers className="size-5" aria-hidden />
          </span>
          {t('app.title')}
        </p>
        {code && <p className="text-5xl font-bold tracking-tight text-indigo-600">{code}</p>}
        <h1 className="mt-3 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-sm leading-relaxed break-words text-slate-600">{message}</p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>
      </div>
    </main>
  );
}
