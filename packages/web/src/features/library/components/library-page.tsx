import type { SharedItemSummary } from '@promptloom/core';
import { LibraryBig, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorBox } from '../../../components/ui/error-box';
import { ContentSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-message';
import { useLibrary, useRecommended } from '../api';
import { useLibraryFilters, type LibraryTab } from '../hooks/use-library-filters';
import { LibraryFilterBar } from './library-filters';
import { Pagination } from './pagination';
import { SharedItemCard } from './shared-item-card';

const TABS: LibraryTab[] = ['all', 'recommended'];

/**
 * /library: All with search, tags, sort and pages; Recommended. `top` comes first (the
 * subscriber's available updates, from the sharing feature).
 */
export function LibraryPage({ top }: { top?: ReactNode }) {
  const { t } = useTranslation();
  const { filters, update } = useLibraryFilters();
  const isAll = filters.tab === 'all';
  const library = useLibrary({
    search: filters.search,
    tags: filters.tags,
    sortBy: filters.sortBy,
    page: filters.page,
  });
  const recommended = useRecommended();
  const query = isAll ? library : recommended;
  const items: SharedItemSummary[] | undefined = isAll ? library.data?.data : recommended.data;
  const meta = library.data?.meta;

  return (
    <div className="mx-auto max-w-7xl p-6 lg:p-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
            <LibraryBig className="size-6 text-indigo-600" aria-hidden />
            {t('library.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('library.description')}</p>
        </div>
        <div
          role="tablist"
          aria-label={t('library.tabsLabel')}
          className="flex rounded-lg bg-slate-200/70 p-1"
        >
          {TABS.map((tab) => (
            <button
              key={tab}
              role="tab"
              type="button"
              aria-selected={filters.tab === tab}
              onClick={() => update({ tab, page: 1 })}
              className={cn(
                'rounded-md px-4 py-1.5 text-sm font-medium transition-colors',
                filters.tab === tab
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {t(`library.tabs.${tab}`)}
            </button>
          ))}
        </div>
      </header>
      {top}

      {isAll && (
        <div className="mb-6">
          <LibraryFilterBar filters={filters} onChange={update} />
        </div>
      )}

      {/* Busy while loading, and while it still shows the results of the previous filters. */}
      <div
        role="tabpanel"
        aria-label={t(`library.tabs.${filters.tab}`)}
        aria-busy={query.isPending || (isAll && library.isPlaceholderData)}
      >
        {query.isPending ? (
          <ContentSpinner label={t('common.loading')} />
        ) : query.error ? (
          <ErrorBox
            message={errorMessage(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : !items || items.length === 0 ? (
          <LibraryEmpty filtered={isAll && (filters.search !== '' || filters.tags.length > 0)} />
        ) : (
          <>
            {/* The cards' h3 titles sit under this heading (axe heading-order). */}
            <h2 className="sr-only">{t(`library.tabs.${filters.tab}`)}</h2>
            {isAll && meta && (
              <p className="mb-3 text-xs text-slate-500" aria-live="polite">
                {t('library.resultCount', { count: meta.total })}
              </p>
            )}
            <div
              className={cn(
                'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4',
                library.isPlaceholderData && isAll && 'opacity-60 transition-opacity',
              )}
            >
              {items.map((item) => (
                <SharedItemCard key={item.id} item={item} />
              ))}
            </div>
          </>
        )}
        {isAll && meta && meta.totalPages > 1 && (
          <Pagination
            page={meta.page}
            totalPages={meta.totalPages}
            onPage={(page) => update({ page })}
          />
        )}
      </div>
    </div>
  );
}

function LibraryEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={filtered ? SearchX : LibraryBig}
      heading
      title={t(filtered ? 'library.empty.filteredTitle' : 'library.empty.title')}
      description={t(filtered ? 'library.empty.filteredDescription' : 'library.empty.description')}
    />
  );
}
