import { followUpRequest } from '@promptloom/core';
import { lazy, memo, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { toast } from '#web/lib/toast.ts';
import { whenIdle } from '#web/lib/yield-to-browser.ts';
import { useApplyActions } from '../hooks/use-apply-actions';
import { holdsNoEdit, type Review } from '../lib/review';
import { applyActions, useApplyStore, useShownReview } from '../stores/apply-store';
import { isBlankAnswer } from '../stores/answer-text';
import { AnswerOffer } from './answer-offer';
import { ApplyAnnouncer } from './apply-announcer';
import { ApplyOutcome } from './apply-outcome';
import { ReviewBody } from './review-body';

/**
 * The answer box's editor (CodeMirror) is a chunk of its own, fetched once the workspace is
 * idle: the page that lists and counts a folder does not wait for it, and the dialog seldom
 * opens before it has come.
 */
const loadAnswerInput = () => import('./answer-input');
const AnswerInput = memo(
  lazy(() => loadAnswerInput().then(({ AnswerInput }) => ({ default: AnswerInput }))),
);
/**
 * The dialog's parts that take nothing from it: the store's update as a read ends (a render
 * React must finish at once, while keys wait) renders the dialog again, but not them.
 */
const Offer = memo(AnswerOffer);
const Announcer = memo(ApplyAnnouncer);

async function copyFollowUp(review: Review, copied: string, failed: string) {
  try {
    await navigator.clipboard.writeText(followUpRequest(review.plan, review.texts));
    toast.success(copied);
  } catch (error) {
    console.error(error);
    toast.error(failed);
  }
}

function Footer({ actions }: { actions: ReturnType<typeof useApplyActions> }) {
  const { t } = useTranslation();
  // While the review is drawn, the buttons stay those of the read (see `useShownReview`).
  const { review, arriving } = useShownReview();
  const busy = useApplyStore((s) => s.busy) || arriving;
  const reading = useApplyStore((s) => s.reading !== null) || arriving;
  // A boolean: the answer changes with each key, the button only when it empties or fills.
  const blank = useApplyStore((s) => isBlankAnswer(s.answer));
  const written = useApplyStore((s) => s.written);
  const hasFailures =
    !!review &&
    (review.plan.failures.length > 0 || review.plan.files.some((f) => f.failures.length > 0));
  const nothingChecked = !review || review.checked.size === 0;

  if (written) {
    return (
      <Button variant="secondary" onClick={actions.close}>
        {t('common.close')}
      </Button>
    );
  }
  if (review && holdsNoEdit(review)) {
    // Nothing to write: going back to the answer is the one step forward.
    return (
      <>
        <Button variant="secondary" onClick={actions.close}>
          {t('common.close')}
        </Button>
        <Button onClick={applyActions.edit}>{t('apply.editAnswer')}</Button>
      </>
    );
  }
  if (review) {
    return (
      <>
        <Button variant="ghost" className="sm:mr-auto" onClick={applyActions.edit}>
          {t('apply.editAnswer')}
        </Button>
        {hasFailures && (
          <Button
            variant="secondary"
            onClick={() =>
              void copyFollowUp(review, t('apply.followUpCopied'), t('apply.copyFailed'))
            }
          >
            {t('apply.copyFollowUp')}
          </Button>
        )}
        {actions.canWrite ? (
          <Button busy={busy} disabled={nothingChecked} onClick={() => void actions.write()}>
            {t('apply.write')}
          </Button>
        ) : (
          <Button disabled={nothingChecked} onClick={actions.downloadPatch}>
            {t('apply.downloadPatch')}
          </Button>
        )}
      </>
    );
  }
  return (
    <>
      {reading ? (
        // A review still being drawn is dropped: the read is over, its result not shown yet.
        <Button variant="secondary" onClick={arriving ? applyActions.edit : actions.cancelRead}>
          {t('common.cancel')}
        </Button>
      ) : (
        <Button variant="secondary" onClick={actions.close}>
          {t('common.close')}
        </Button>
      )}
      <Button busy={busy} disabled={blank} onClick={() => void actions.read()}>
        {t('apply.read')}
      </Button>
    </>
  );
}

/**
 * "Apply answer": paste the model's answer, read it (in a worker, with a Cancel), review
 * every file it touches, then write the checked files (or download them as a patch without
 * write access) and undo. Each step's result is announced and takes focus.
 */
export function ApplyDialog() {
  const { t } = useTranslation();
  const isOpen = useApplyStore((s) => s.isOpen);
  const { review, arriving } = useShownReview();
  const busy = useApplyStore((s) => s.busy) || arriving;
  const written = useApplyStore((s) => s.written);
  const actions = useApplyActions();

  useEffect(() => {
    // A failed prefetch (offline, a new deploy) is not an error yet: opening the dialog loads
    // the editor again, and that load shows its own failure.
    whenIdle(5_000)
      .then(loadAnswerInput)
      .catch(() => undefined);
  }, []);

  return (
    <Modal
      open={isOpen}
      onClose={actions.close}
      size="xl"
      title={t('apply.title')}
      footer={<Footer actions={actions} />}
    >
      <div aria-busy={busy} className="min-h-0">
        <Announcer />
        {written ? (
          <ApplyOutcome outcome={written} onUndo={(record) => void actions.undo(record)} />
        ) : (
          // The review covers the answer box rather than replacing it (decision 115): taking
          // a box of 2 MB out of the page, hiding it or making it inert lays its text out or
          // tears it down, one long task when the review shows and another on Edit answer.
          // Both take the same place, and the review scrolls on its own: a dialog that grew,
          // or a body that began to scroll, would paint the box's lines again (decision 132).
          <div className="relative h-(--review-height) [--review-height:max(16rem,min(36rem,60vh))]">
            <Offer />
            <div className="h-full" aria-hidden={review ? true : undefined}>
              <Suspense
                fallback={
                  <div aria-busy="true" className="h-full rounded-md border border-slate-300" />
                }
              >
                <AnswerInput covered={review !== null} />
              </Suspense>
            </div>
            {review && (
              <div
                data-review-scroll
                className="absolute inset-0 z-10 min-w-0 overflow-y-auto bg-white"
              >
                <ReviewBody review={review} canWrite={actions.canWrite} />
              </div>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
