import { FolderX, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

/** What the file tree's place shows when there are no rows to show. */
export type TreeState = 'noProject' | 'loading' | 'error' | 'cancelled' | 'empty' | 'noMatch';

/** The file tree's place without rows: no project, loading, failed, an empty folder, no match. */
export function TreeStatus({ state, onRefetch }: { state: TreeState; onRefetch: () => void }) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 text-sm text-slate-500">
        <Spinner className="size-6 text-indigo-500" />
        {t('fileSelector.loading')}
      </div>
    );
  }
  if (state === 'noProject') return <EmptyState text={t('fileSelector.noProject')} />;
  if (state === 'noMatch') return <EmptyState text={t('fileSelector.noMatch')} />;
  const text = {
    error: t('fileSelector.loadError'),
    cancelled: t('listing.cancelled'),
    empty: t('fileSelector.emptyStructure'),
  }[state];
  return (
    <EmptyState text={text}>
      <Button size="sm" variant="secondary" onClick={onRefetch}>
        <RefreshCw className="size-3.5" aria-hidden />
        {t('fileSelector.refresh')}
      </Button>
    </EmptyState>
  );
}

function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-500">
      <FolderX className="size-7 text-slate-300" aria-hidden />
      <p>{text}</p>
      {children}
    </div>
  );
}
