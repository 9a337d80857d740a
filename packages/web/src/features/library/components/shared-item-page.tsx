import type { ImportMode, SharedItem } from '@promptloom/core';
import { ArrowLeft, Download, Lock, RefreshCw, Settings2, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { ContentSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { libraryToast as toast } from '../lib/toast';
import { useCurrentUserId } from '../../auth';
import { useImportSharedItem, useSharedItem } from '../api';
import { AuthorLine } from './author-line';
import { ImportModal } from './import-modal';
import { LikeButton } from './like-button';
import { TagList } from './tag-list';

/**
 * /shared/:sharedItemId. `subscribedVersion`: the version the user's subscribed copy has, if
 * they subscribe to this item (the route reads it from their blocks), so that the page says
 * so rather than offering the import as if they had nothing.
 */
export function SharedItemPage({
  id,
  subscribedVersion,
}: {
  id: string;
  subscribedVersion?: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useCurrentUserId();
  const { data: item, isPending, error, refetch, isFetching } = useSharedItem(id);
  const importItem = useImportSharedItem();
  const [importOpen, setImportOpen] = useState(false);

  const onImport = (importMode: ImportMode) => {
    importItem.mutate(
      { id, importMode },
      {
        onSuccess: () => {
          toast.success(t(`library.import.success.${importMode}`));
          setImportOpen(false);
          void navigate('/settings/blocks');
        },
        onError: (err) => toast.error(errorMessage(err, t('library.import.error'))),
      },
    );
  };

  return (
    <div className="mx-auto max-w-4xl p-6 lg:p-8">
      <Link
        to="/library"
        className="mb-4 inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('library.backToLibrary')}
      </Link>
      {isPending ? (
        <ContentSpinner label={t('common.loading')} />
      ) : error || !item ? (
        <ErrorBox
          message={
            error instanceof ApiError && error.status === 404
              ? t('library.notFound')
              : errorMessage(error)
          }
          onRetry={
            error instanceof ApiError && error.status === 404 ? undefined : () => void refetch()
          }
          retrying={isFetching}
        />
      ) : (
        <article className="rounded-xl border border-slate-200 bg-white shadow-xs">
          <header className="border-b border-slate-100 p-6">
            <div className="flex flex-wrap items-start justify-between gap-4">
              <div className="min-w-0">
                <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
                  {item.author.isSystem && (
                    <Star
                      className="size-5 shrink-0 fill-amber-400 text-amber-400"
                      aria-label={t('library.curated')}
                    />
                  )}
                  {item.name}
                </h1>
                <ItemFacts item={item} />
              </div>
              {item.author.id === userId ? (
                <Button variant="secondary" onClick={() => void navigate('/settings/blocks')}>
                  <Settings2 className="size-4" aria-hidden />
                  {t('library.manage')}
                </Button>
              ) : (
                <Button busy={importItem.isPending} onClick={() => setImportOpen(true)}>
                  <Download className="size-4" aria-hidden />
                  {importItem.isPending
                    ? t('library.import.importing')
                    : t('library.import.button')}
                </Button>
              )}
            </div>
            {subscribedVersion !== undefined && item.author.id !== userId && (
              <SubscribedNote version={subscribedVersion} latest={item.currentVersion} />
            )}
            <TagList tags={item.tags} className="mt-4" />
            <p className="mt-4 text-sm whitespace-pre-line text-slate-700">
              {item.description || (
                <span className="text-slate-400 italic">{t('library.noDescription')}</span>
              )}
            </p>
            <div className="mt-4 flex items-center gap-4 text-sm text-slate-600">
              <LikeButton item={item} size="md" />
              <span className="inline-flex items-center gap-1.5">
                <Download className="size-4" aria-hidden />
                {t('library.downloadsCount', { count: item.downloadCount })}
              </span>
            </div>
          </header>
          <ItemContent content={item.originalBlock?.content} />
        </article>
      )}
      {item && (
        <ImportModal
          open={importOpen}
          itemName={item.name}
          busy={importItem.isPending}
          onClose={() => setImportOpen(false)}
          onImport={onImport}
        />
      )}
    </div>
  );
}

/** Which version of the item the user's subscribed copy has, with the way to their blocks. */
function SubscribedNote({ version, latest }: { version: number; latest: number }) {
  const { t } = useTranslation();
  return (
    <p className="mt-4 flex items-start gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-800">
      <RefreshCw className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {version < latest
          ? t('library.subscribed.behind', { version, latest })
          : t('library.subscribed.current', { version })}{' '}
        <Link to="/settings/blocks" className="font-medium whitespace-nowrap underline">
          {t('library.subscribed.open')}
        </Link>
      </span>
    </p>
  );
}

/** Who shared the item, when, its version, and whether it is reachable only by its link. */
function ItemFacts({ item }: { item: SharedItem }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
      <AuthorLine author={item.author} />
      <span>
        {t('library.sharedOn', {
          date: new Date(item.createdAt).toLocaleDateString(i18n.language, {
            dateStyle: 'long',
          }),
        })}
      </span>
      <span>{t('library.version', { version: item.currentVersion })}</span>
      {item.visibility === 'UNLISTED' && (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
          <Lock className="size-3" aria-hidden />
          {t('library.privateBadge')}
        </span>
      )}
    </div>
  );
}

function ItemContent({ content }: { content: string | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="p-6" aria-label={t('library.content')}>
      <h2 className="mb-2 text-sm font-semibold text-slate-700">{t('library.content')}</h2>
      {content ? (
        // A dark panel in both themes, as the generated prompt's.
        <pre className="max-h-[60vh] overflow-auto rounded-lg bg-slate-900 p-4 dark:bg-slate-50 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100 dark:text-slate-800">
          <code>{content}</code>
        </pre>
      ) : (
        <p className="text-sm text-slate-500 italic">{t('library.contentUnavailable')}</p>
      )}
    </section>
  );
}
