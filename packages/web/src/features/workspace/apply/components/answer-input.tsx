import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionStore, warmFileReads } from '../../project-files';
import { answerPlanner } from '../lib/answer-planner';
import { applyActions, useApplyStore } from '../stores/apply-store';

/**
 * The box the model's answer is pasted into. It takes focus when it shows; an answer already
 * there (read before, not yet replaced by a new prompt) is selected, so a paste replaces it
 * and never lands after it.
 */
export function AnswerInput({ covered = false }: { covered?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  const answer = useApplyStore((s) => s.answer);
  const reading = useApplyStore((s) => s.reading !== null);
  const ref = useRef<HTMLTextAreaElement>(null);

  // After the dialog's own focus on opening (a layout effect): this one comes last. Again
  // when the review stops covering the box (Edit answer).
  useEffect(() => {
    if (covered) return;
    ref.current?.focus();
    ref.current?.select();
  }, [covered]);

  useEffect(() => {
    // The workers load while the answer is pasted, not after "Read answer": the planner's,
    // and, for an uploaded folder (read through the provider), the one that reads its files.
    answerPlanner().warm?.();
    if (!useConnectionStore.getState().handle) warmFileReads();
  }, []);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('apply.answerLabel')}
      </label>
      <p id={hintId} className="text-xs text-slate-500">
        {t('apply.answerHint')}
      </p>
      <textarea
        id={id}
        ref={ref}
        aria-describedby={hintId}
        value={answer}
        // No readOnly while the answer is read: any attribute change on the box lays its
        // text out again, on the page's thread (about 50 ms for 2 MB); a key typed meanwhile
        // is undone instead.
        onChange={(event) => {
          if (!reading) applyActions.setAnswer(event.target.value);
        }}
        rows={18}
        // Under the review, out of the tab order (and hidden from assistive technology by
        // the dialog); no other attribute changes, which would lay its text out again.
        tabIndex={covered ? -1 : undefined}
        spellCheck={false}
        className="w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
      />
    </div>
  );
}
