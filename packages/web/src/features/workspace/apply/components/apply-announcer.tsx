import { useTranslation } from 'react-i18next';
import { holdsNoEdit } from '../lib/review';
import { useApplyStore, useShownReview } from '../stores/apply-store';

/**
 * The dialog's one live region, there from the start so that screen readers announce each
 * change: reading, the review ready, the files written, the apply undone.
 */
export function ApplyAnnouncer() {
  const { t } = useTranslation();
  // The review is announced as it shows; while it is drawn the read goes on being announced.
  const { review, arriving } = useShownReview();
  const reading = useApplyStore((s) => s.reading !== null) || arriving;
  const written = useApplyStore((s) => s.written);
  const undone = useApplyStore((s) => s.undone);

  let text = '';
  if (undone) text = t('apply.undone', { count: undone.restored.length });
  else if (written) text = t('apply.written', { count: written.written.length });
  else if (review && holdsNoEdit(review)) text = t('apply.noEdits');
  else if (review) {
    const failed = review.plan.files.filter((f) => f.status === 'failed').length;
    text = t('apply.announce.review', { count: review.plan.files.length });
    if (failed > 0) text += ` ${t('apply.announce.failed', { count: failed })}`;
  } else if (reading) text = t('apply.announce.reading');
  return (
    <p role="status" className="sr-only">
      {text}
    </p>
  );
}
