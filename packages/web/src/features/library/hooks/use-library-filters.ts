import { LIBRARY_SORTS, type LibrarySort } from '@promptloom/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type LibraryTab = 'all' | 'recommended';

export interface LibraryFilters {
  tab: LibraryTab;
  search: string;
  tags: string[];
  sortBy: LibrarySort;
  page: number;
}

const isSort = (value: string | null): value is LibrarySort =>
  (LIBRARY_SORTS as readonly (string | null)[]).includes(value);

/**
 * The library's filters live in the URL (shareable, and Back restores them).
 * changing tags or sort resets the page to 1; so does a new search.
 */
export function useLibraryFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<LibraryFilters>(() => {
    const sort = params.get('sort');
    const page = Number(params.get('page'));
    return {
      tab: params.get('tab') === 'recommended' ? 'recommended' : 'all',
      search: params.get('q') ?? '',
      tags: (params.get('tags') ?? '').split(',').filter(Boolean),
      sortBy: isSort(sort) ? sort : 'createdAt',
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  }, [params]);

  const update = useCallback(
    (patch: Partial<LibraryFilters>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const set = (key: string, value: string | null) =>
            value ? next.set(key, value) : next.delete(key);
          if (patch.tab !== undefined) set('tab', patch.tab === 'all' ? null : patch.tab);
          if (patch.search !== undefined) set('q', patch.search);
          if (patch.tags !== undefined) set('tags', patch.tags.join(','));
          if (patch.sortBy !== undefined)
            set('sort', patch.sortBy === 'createdAt' ? null : patch.sortBy);
          const resets =
            patch.search !== undefined || patch.tags !== undefined || patch.sortBy !== undefined;
          const page = patch.page ?? (resets ? 1 : undefined);
          if (page !== undefined) set('page', page > 1 ? String(page) : null);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { filters, update };
}
