import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useListingStore } from '../../project-files';

/**
 * The figures of a folder opening (decision 031): "Listing… 12,340 files", then
 * "Checking changes… 40 %", each with Cancel. Nothing once done.
 */
export function ListingProgress() {
  const { t, i18n } = useTranslation();
  const stage = useListingStore((s) => s.stage);
  const listed = useListingStore((s) => s.listed);
  const done = useListingStore((s) => s.metadataDone);
  const total = useListingStore((s) => s.metadataTotal);
  const cancel = useListingStore((s) => s.cancel);
  if (stage !== 'listing' && stage !== 'metadata') return null;
  const text =
    stage === 'listing'
      ? t('listing.listing', { count: listed, formatted: listed.toLocaleString(i18n.language) })
      : t('listing.checking', { percent: total ? Math.floor((done / total) * 100) : 0 });
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-3 py-1.5 text-xs text-slate-600"
    >
      <Spinner className="size-3.5 text-indigo-500" />
      <span className="flex-1 tabular-nums">{text}</span>
      <Button size="sm" variant="secondary" onClick={cancel}>
        {t('listing.cancel')}
      </Button>
    </div>
  );
}
