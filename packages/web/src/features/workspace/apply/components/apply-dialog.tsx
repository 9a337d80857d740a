import { followUpRequest } from '@promptloom/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { toast } from '../../../../lib/toast';
import { useApplyActions } from '../hooks/use-apply-actions';
import type { Review } from '../lib/review';
import { applyActions, useApplyStore } from '../stores/apply-store';
import { FailureItem, FileDetail } from './file-detail';
import { ApplyOutcome } from './apply-outcome';
import { ReviewList } from './review-list';

async function copyFollowUp(review: Review, copied: string, failed: string) {
  try {
    await navigator.clipboard.writeText(followUpRequest(review.plan, review.texts));
    toast.success(copied);
  } catch (error) {
    console.error(error);
    toast.error(failed);
  }
}

function AnswerInput() {
  const { t } = useTranslation();
  const id = useId();
  const answer = useApplyStore((s) => s.answer);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('apply.answerLabel')}
      </label>
      <p className="text-xs text-slate-500">{t('apply.answerHint')}</p>
      <textarea
        id={id}
        value={answer}
        onChange={(event) => applyActions.setAnswer(event.target.value)}
        rows={18}
        spellCheck={false}
        className="w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
      />
    </div>
  );
}

function ReviewBody({ review, canWrite }: { review: Review; canWrite: boolean }) {
  const { t } = useTranslation();
  const selectedPath = useApplyStore((s) => s.selected);
  const selected = review.plan.files.find((f) => f.path === selectedPath);
  const { files, failures } = review.plan;
  return (
    <div className="flex flex-col gap-3">
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
        <div className="grid min-h-0 gap-3 lg:grid-cols-[minmax(16rem,22rem)_1fr]">
          <ReviewList files={files} />
          {selected && (
            <FileDetail file={selected} stale={review.staleSincePrompt.has(selected.path)} />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * "Apply answer": paste the model's answer, read it, review every file it touches, then
 * write the checked files (or download them as a patch without write access) and undo.
 */
export function ApplyDialog() {
  const { t } = useTranslation();
  const isOpen = useApplyStore((s) => s.isOpen);
  const review = useApplyStore((s) => s.review);
  const busy = useApplyStore((s) => s.busy);
  const answer = useApplyStore((s) => s.answer);
  const written = useApplyStore((s) => s.written);
  const actions = useApplyActions();
  const hasFailures =
    !!review &&
    (review.plan.failures.length > 0 || review.plan.files.some((f) => f.failures.length > 0));
  const nothingChecked = !review || review.checked.size === 0;

  let footer;
  if (written) {
    footer = (
      <Button variant="secondary" onClick={actions.close}>
        {t('common.close')}
      </Button>
    );
  } else if (review) {
    footer = (
      <>
        <Button variant="ghost" className="mr-auto" onClick={applyActions.edit}>
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
  } else {
    footer = (
      <>
        <Button variant="secondary" onClick={actions.close}>
          {t('common.close')}
        </Button>
        <Button busy={busy} disabled={answer.trim() === ''} onClick={() => void actions.read()}>
          {t('apply.read')}
        </Button>
      </>
    );
  }

  return (
    <Modal open={isOpen} onClose={actions.close} size="xl" title={t('apply.title')} footer={footer}>
      <div aria-busy={busy} className="min-h-0">
        {written ? (
          <ApplyOutcome outcome={written} onUndo={(record) => void actions.undo(record)} />
        ) : review ? (
          <ReviewBody review={review} canWrite={actions.canWrite} />
        ) : (
          <AnswerInput />
        )}
      </div>
    </Modal>
  );
}
