import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Page x of y with previous and next (shown by the caller only when there is more than one). */
export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('library.pagination')}
      className="mt-8 flex items-center justify-center gap-3"
    >
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden />
        {t('library.previous')}
      </Button>
      <span className="text-sm text-slate-600">{t('library.pageOf', { page, totalPages })}</span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t('library.next')}
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}
