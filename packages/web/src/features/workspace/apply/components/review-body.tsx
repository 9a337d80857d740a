import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFrame } from '#web/lib/yield-to-browser.ts';
import type { Review } from '../lib/review';
import { useApplyStore } from '../stores/apply-store';
import { FailureItem, FileDetail } from './file-detail';
import { ReviewList } from './review-list';

/**
 * The review of a read answer: blocks that name no file, every file it touches and the
 * selected file's diff. Focus moves in when it shows: to its first file, else to the review.
 */
export function ReviewBody({ review, canWrite }: { review: Review; canWrite: boolean }) {
  const { t } = useTranslation();
  const selectedPath = useApplyStore((s) => s.selected);
  const selected = review.plan.files.find((f) => f.path === selectedPath);
  const { files, failures } = review.plan;
  const ref = useRef<HTMLDivElement>(null);

  // Once the review has been drawn: focusing in the render's task would lay it out there,
  // one long task with the render instead of two short ones.
  useEffect(
    () =>
      afterFrame(() => {
        const first = ref.current?.querySelector<HTMLElement>('[data-review-file]');
        (first ?? ref.current)?.focus();
      }),
    [review],
  );

  return (
    <div ref={ref} tabIndex={-1} className="flex flex-col gap-3 outline-none">
      {!canWrite && (
        <p className="rounded-md bg-sky-50 p-2 text-sm text-sky-800">{t('apply.noWriteAccess')}</p>
      )}
      {failures.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t('apply.unplacedLabel')}>
          {failures.map((failure, i) => (
            <FailureItem key={i} failure={failure} />
          ))}
        </ul>
      )}
      {files.length === 0 ? (
        <p className="text-sm text-slate-600">{t('apply.noEdits')}</p>
      ) : (
        <div className="grid min-h-0 gap-3 lg:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
          <ReviewList files={files} />
          {selected && (
            <FileDetail file={selected} stale={review.staleSincePrompt.has(selected.path)} />
          )}
        </div>
      )}
    </div>
  );
}
