import { useTranslation } from 'react-i18next';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useFormatNumber } from '#web/lib/format.ts';

/**
 * How far a long token count is (Select all over many files): "Counting 1,200 of 2,686
 * files…" as a progress bar, so that assistive technologies can ask for it without every
 * step being announced.
 */
export function CountProgress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const text = t('workspace.tokens.countingFiles', {
    done: format(done),
    total: format(total),
  });
  return (
    <span
      role="progressbar"
      aria-label={t('workspace.tokens.countingLabel')}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={text}
      className="inline-flex min-w-0 basis-full items-center gap-1.5 text-xs text-slate-600 tabular-nums sm:basis-auto"
    >
      <Spinner className="size-3.5 shrink-0" />
      <span className="truncate">{text}</span>
    </span>
  );
}
