import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionStore, warmFileReads } from '../../project-files';
import { answerPlanner } from '../lib/answer-planner';
import { applyActions, useApplyStore } from '../stores/apply-store';

/** The answer the box held when it took focus, and where its caret was then. */
interface Untouched {
  answer: string;
  caret: number;
}

/** Keys that leave the caret where it is, or paste: the old answer is still replaced. */
const keepsUntouched = (event: KeyboardEvent) =>
  event.ctrlKey ||
  event.metaKey ||
  ['Shift', 'Control', 'Meta', 'Alt'].includes(event.key) ||
  (event.shiftKey && event.key === 'Insert');

/**
 * The box the model's answer is pasted into. It takes focus when it shows; an answer already
 * there (read before, not yet replaced by a new prompt) is replaced by a paste that comes
 * before the box is otherwise touched, and never lands after it.
 */
export function AnswerInput({ covered = false }: { covered?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  const answer = useApplyStore((s) => s.answer);
  const ref = useRef<HTMLTextAreaElement>(null);
  const untouched = useRef<Untouched | null>(null);

  // After the dialog's own focus on opening (a layout effect): this one comes last. Again
  // when the review stops covering the box (Edit answer). Selecting the old answer here would
  // lay out and paint a selection over all its text (hundreds of ms for 2 MB, which a click
  // right after waits for): it is selected when a paste comes instead.
  useEffect(() => {
    const box = ref.current;
    if (covered || !box) return;
    box.focus();
    const old = useApplyStore.getState().answer;
    untouched.current = old === '' ? null : { answer: old, caret: box.selectionEnd };
  }, [covered]);

  useEffect(() => {
    // The workers load while the answer is pasted, not after "Read answer": the planner's,
    // and, for an uploaded folder (read through the provider), the one that reads its files.
    answerPlanner().warm?.();
    if (!useConnectionStore.getState().handle) warmFileReads();
  }, []);

  const touch = () => {
    untouched.current = null;
  };

  return (
    // Paint containment: without it, each frame of the dialog (a key typed anywhere in it,
    // the review covering the box) walks and paints all of a long answer's lines again
    // (15–25 ms a frame for 2 MB, 30–90 ms when the review shows); with it, the browser
    // reuses the box's last paint. The clip margin leaves room for the box's focus ring.
    <div className="flex h-full flex-col gap-2 contain-paint [overflow-clip-margin:4px]">
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
        // is undone instead. Read from the store, not subscribed to: each render of the box
        // compares its 2 MB value.
        onChange={(event) => {
          if (!useApplyStore.getState().reading) applyActions.setAnswer(event.target.value);
        }}
        onPaste={(event) => {
          const old = untouched.current;
          untouched.current = null;
          const box = event.currentTarget;
          const still =
            old !== null &&
            old.answer === useApplyStore.getState().answer &&
            box.selectionStart === old.caret &&
            box.selectionEnd === old.caret;
          // Selected before the browser inserts the paste, which then replaces it.
          if (still) box.select();
        }}
        onPointerDown={touch}
        onKeyDown={(event) => {
          if (!keepsUntouched(event)) touch();
        }}
        rows={18}
        // Under the review, out of the tab order (and hidden from assistive technology by
        // the dialog); no other attribute changes, which would lay its text out again.
        tabIndex={covered ? -1 : undefined}
        spellCheck={false}
        className="min-h-0 w-full flex-1 resize-none rounded-md border border-slate-300 p-2 font-mono text-xs"
      />
    </div>
  );
}
