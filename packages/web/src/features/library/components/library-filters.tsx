import { LIBRARY_SORTS, type LibrarySort } from '@promptloom/core';
import { LIBRARY_SEARCH_DEBOUNCE_MS } from '../../../config/limits';
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { cn } from '../../../lib/cn';
import { useLibraryTags } from '../api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { LibraryFilters } from '../hooks/use-library-filters';

const VISIBLE_TAGS = 12;

/** Search (debounced), tag chips with clear-filters, and the sort select. */
export function LibraryFilterBar({
  filters,
  onChange,
}: {
  filters: LibraryFilters;
  onChange: (patch: Partial<LibraryFilters>) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filters.search);
  const debounced = useDebouncedValue(search, LIBRARY_SEARCH_DEBOUNCE_MS);
  const { data: allTags = [] } = useLibraryTags();
  const [showAllTags, setShowAllTags] = useState(false);
  // The most used tags first; selected ones always stay visible.
  const tags = showAllTags
    ? allTags
    : allTags.filter((tag, index) => index < VISIBLE_TAGS || filters.tags.includes(tag.tag));
  const hiddenTags = allTags.length - tags.length;

  // A search settles a pause after the typing; if the user has meanwhile followed a link (a
  // card whose page is still loading), writing the search into the URL would be a navigation
  // of its own that cancels theirs and keeps them here. So it waits for the pending
  // navigation: once it is done this bar is gone, or still here (same page) and applies it.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (navigating) return;
    if (debounced.trim() !== filters.search) onChange({ search: debounced.trim() });
    // Only a settled search should update the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced, navigating]);

  const toggleTag = (tag: string) =>
    onChange({
      tags: filters.tags.includes(tag)
        ? filters.tags.filter((t) => t !== tag)
        : [...filters.tags, tag],
    });
  const hasFilters = filters.tags.length > 0 || filters.search !== '';

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <label className="relative min-w-56 flex-1">
          <span className="sr-only">{t('library.searchLabel')}</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('library.searchPlaceholder')}
            className="block w-full rounded-md border-0 py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:ring-inset"
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          {t('library.sortLabel')}
          <select
            value={filters.sortBy}
            onChange={(event) => onChange({ sortBy: event.target.value as LibrarySort })}
            className="rounded-md border-0 py-2 pr-8 pl-3 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
          >
            {LIBRARY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`library.sort.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {(tags.length > 0 || hasFilters) && (
        <div
          className="flex flex-wrap items-center gap-1.5"
          role="group"
          aria-label={t('library.tagsLabel')}
        >
          {tags.map(({ tag, count }) => (
            <TagChip
              key={tag}
              tag={tag}
              count={count}
              active={filters.tags.includes(tag)}
              onToggle={() => toggleTag(tag)}
            />
          ))}
          {(hiddenTags > 0 || showAllTags) && (
            <button
              type="button"
              aria-expanded={showAllTags}
              onClick={() => setShowAllTags((shown) => !shown)}
              className="rounded-full px-2.5 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
            >
              {showAllTags ? t('library.fewerTags') : t('library.moreTags', { count: hiddenTags })}
            </button>
          )}
          {hasFilters && (
            <button
              type="button"
              onClick={() => {
                setSearch('');
                onChange({ tags: [], search: '' });
              }}
              className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="size-3.5" aria-hidden />
              {t('library.clearFilters')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** A tag filter, pressed while it narrows the library, with how many items carry it. */
function TagChip({
  tag,
  count,
  active,
  onToggle,
}: {
  tag: string;
  count: number;
  active: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onToggle}
      className={cn(
        'rounded-full px-2.5 py-1 text-xs font-medium ring-1 transition-colors ring-inset',
        active
          ? 'bg-indigo-600 text-white ring-indigo-600 hover:bg-indigo-700'
          : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50 hover:text-slate-900',
      )}
    >
      #{tag} <span className={active ? 'text-indigo-200' : 'text-slate-400'}>{count}</span>
    </button>
  );
}
