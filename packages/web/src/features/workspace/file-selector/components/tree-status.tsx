import { FolderX, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
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
  if (state === 'noProject') return <TreeEmpty text={t('fileSelector.noProject')} />;
  if (state === 'noMatch') return <TreeEmpty text={t('fileSelector.noMatch')} />;
  const text = {
    error: t('fileSelector.loadError'),
    cancelled: t('listing.cancelled'),
    empty: t('fileSelector.emptyStructure'),
  }[state];
  return (
    <TreeEmpty
      text={text}
      actions={
        <Button size="sm" variant="secondary" onClick={onRefetch}>
          <RefreshCw className="size-3.5" aria-hidden />
          {t('fileSelector.refresh')}
        </Button>
      }
    />
  );
}

/** The tree's panel already frames the place, so the box goes without its dashed border. */
function TreeEmpty({ text, actions }: { text: string; actions?: ReactNode }) {
  return (
    <EmptyState
      icon={FolderX}
      description={text}
      actions={actions}
      framed={false}
      className="flex-1"
    />
  );
}
