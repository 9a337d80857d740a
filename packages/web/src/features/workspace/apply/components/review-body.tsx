import { FileSearch } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { afterFrame } from '#web/lib/yield-to-browser.ts';
import { holdsNoEdit, type Review } from '../lib/review';
import { useApplyStore } from '../stores/apply-store';
import { FailureItem, FileDetail } from './file-detail';
import { ReviewList } from './review-list';

/** Room above a detail scrolled to the top of the review. */
const DETAIL_MARGIN_PX = 8;
/**
 * Frames in which a chosen file's detail is brought into view again, as rows get measured: on
 * a busy machine the list's rows are measured over more than the first few frames, and a
 * detail aligned only then was pushed back under the dialog's buttons.
 */
const ALIGN_FRAMES = 12;

/** The answer forms the read finds edits in, named as the prompt's "Answer in" names them. */
const ANSWER_FORMATS = ['wholeFiles', 'searchReplace', 'unifiedDiff'] as const;

/**
 * An answer with no edit in it (prose only): what the read looks for, and what to do next
 * (the footer's Edit answer goes back to the box).
 */
function NoEdits() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={FileSearch}
      title={t('apply.noEdits')}
      description={t('apply.noEditsFormats')}
      actions={
        // The forms on one line where there is room (the description keeps its measure).
        <div className="flex flex-col items-center gap-3">
          <ul className="flex flex-wrap justify-center gap-2">
            {ANSWER_FORMATS.map((format) => (
              <li key={format} className="rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-700">
                {t(`workspace.answerFormat.${format}`)}
              </li>
            ))}
          </ul>
          <p className="max-w-sm text-sm text-pretty text-slate-500">{t('apply.noEditsNext')}</p>
        </div>
      }
    />
  );
}

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
  const detailRef = useRef<HTMLDivElement>(null);
  /** The file whose detail shows, in which review: another one chosen is brought into view. */
  const shown = useRef<{ review: Review; path: string | null } | null>(null);

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

  // On one column (a narrow screen) the detail is under the whole list: a file chosen far
  // up would show nothing that moves. Its detail is brought to the top of the box, unless its
  // top is in the upper half already. Beside the list, nothing moves.
  useEffect(() => {
    const before = shown.current;
    shown.current = { review, path: selectedPath };
    if (before?.review !== review || before.path === selectedPath) return;
    // After the frame, and again for a few: rows drawn at the new place are measured then,
    // which moves the detail down.
    let cancel = () => {};
    const align = (frames: number) => {
      cancel = afterFrame(() => {
        const detail = detailRef.current;
        const box = detail?.closest('[data-review-scroll]');
        const list = detail?.previousElementSibling;
        if (!detail || !box || !list) return;
        const top = detail.getBoundingClientRect().top;
        const view = box.getBoundingClientRect();
        if (top < list.getBoundingClientRect().bottom) return;
        // The box alone scrolls: scrollIntoView would move the dialog's own frame too.
        if (top < view.top || top > view.top + view.height / 2) {
          box.scrollTop += top - view.top - DETAIL_MARGIN_PX;
        }
        if (frames > 1) align(frames - 1);
      });
    };
    align(ALIGN_FRAMES);
    return () => cancel();
  }, [review, selectedPath]);

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
      {holdsNoEdit(review) ? (
        <NoEdits />
      ) : files.length === 0 ? (
        <p className="text-sm text-slate-600">{t('apply.noEdits')}</p>
      ) : (
        <div className="grid min-h-0 gap-3 lg:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
          <ReviewList files={files} />
          {selected && (
            // Beside the list, the diff stays in the box's view as the list scrolls, as tall as
            // the box at most: its rows scroll on their own, the rest (warnings, failures)
            // with the pane.
            <div
              ref={detailRef}
              className="min-h-0 min-w-0 lg:sticky lg:top-0 lg:flex lg:max-h-(--review-height) lg:flex-col lg:self-start lg:overflow-y-auto"
            >
              <FileDetail
                file={selected}
                stale={review.staleSincePrompt.has(selected.path)}
                afters={review.afters}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
