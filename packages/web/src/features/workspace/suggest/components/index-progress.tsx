import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '#web/lib/format.ts';
import { useSuggestStore } from '../stores/suggest-store';

/** How far the background index has come (the ranking waits for it), or that it failed. */
export function IndexProgress() {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const status = useSuggestStore((s) => s.status);
  const done = useSuggestStore((s) => s.done);
  const total = useSuggestStore((s) => s.total);
  if (status === 'failed') {
    return (
      <p role="alert" className="mt-2 text-sm text-red-700">
        {t('suggest.failed')}
      </p>
    );
  }
  const label = t('suggest.indexing', { done: format(done), total: format(total) });
  return (
    <div className="mt-2">
      <p className="text-xs text-slate-600">{label}</p>
      <progress
        aria-label={t('suggest.indexProgress')}
        aria-valuetext={label}
        value={done}
        max={Math.max(total, 1)}
        className="mt-1 h-1.5 w-full accent-indigo-600"
      />
    </div>
  );
}
