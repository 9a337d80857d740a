import { type SharedItemSummary } from '@promptloom/core';
import { LIBRARY_CARD_TAGS } from '../../../config/limits';
import { Download, Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthorLine } from './author-line';
import { LikeButton } from './like-button';
import { TagList } from './tag-list';

/** A library card: the whole card links to /shared/{id}. */
export function SharedItemCard({ item }: { item: SharedItemSummary }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-xs transition hover:border-indigo-300 hover:shadow-md"
    >
      <h3 id={titleId} className="flex items-start gap-1.5 font-medium text-slate-900">
        {item.author.isSystem && (
          <Star
            className="mt-0.5 size-4 shrink-0 fill-amber-400 text-amber-400"
            aria-label={t('library.curated')}
          />
        )}
        <Link
          to={`/shared/${item.id}`}
          className="line-clamp-2 after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none group-focus-within:text-indigo-700"
        >
          {item.name}
        </Link>
      </h3>
      <TagList tags={item.tags.slice(0, LIBRARY_CARD_TAGS)} className="mt-2" />
      <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600">
        {item.description || (
          <span className="text-slate-400 italic">{t('library.noDescription')}</span>
        )}
      </p>
      <footer className="mt-4 flex items-center gap-2 border-t border-slate-100 pt-3">
        <AuthorLine author={item.author} className="mr-auto" />
        <LikeButton item={item} />
        <span
          className="inline-flex items-center gap-1 text-xs text-slate-500"
          title={t('library.downloads')}
        >
          <Download className="size-3.5" aria-hidden />
          <span aria-hidden>{item.downloadCount}</span>
          <span className="sr-only">
            {t('library.downloadsCount', { count: item.downloadCount })}
          </span>
        </span>
      </footer>
    </article>
  );
}
