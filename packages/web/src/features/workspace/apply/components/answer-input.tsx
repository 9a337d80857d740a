import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { Annotation, Compartment, EditorState, type Extension, Text } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFrame } from '#web/lib/yield-to-browser.ts';
import { useConnectionStore, warmFileReads } from '../../project-files';
import { answerPlanner } from '../lib/answer-planner';
import { type Answer, answerText } from '../stores/answer-text';
import { applyActions, useApplyStore } from '../stores/apply-store';

/** The answer the box held when it took focus, and where its caret was then. */
interface Untouched {
  answer: Answer;
  caret: number;
}

/** Keys that leave the caret where it is, or paste: the old answer is still replaced. */
const keepsUntouched = (event: KeyboardEvent) =>
  event.ctrlKey ||
  event.metaKey ||
  ['Shift', 'Control', 'Meta', 'Alt'].includes(event.key) ||
  (event.shiftKey && event.key === 'Insert');

/**
 * The store's answer as the editor's text: a document the editor made (an earlier box's,
 * the dialog closed and opened again) is taken as it is.
 */
const asDoc = (answer: Answer) => (answer instanceof Text ? answer : answerText(answer));

/** A change of the box's text that comes from the store (a new prompt emptied the answer). */
const fromStore = Annotation.define<boolean>();

/**
 * The box's look: the app's mono font and size, its padding, scrolled inside. The caret and
 * the selection are the browser's own (no drawn selection), in either theme.
 */
const look = EditorView.theme({
  '&': { height: '100%' },
  '&.cm-focused': { outline: '2px solid var(--color-indigo-600)', outlineOffset: '-1px' },
  '.cm-scroller': { fontFamily: 'inherit', lineHeight: 'inherit', overflow: 'auto' },
  '.cm-content': { padding: '0.5rem 0', caretColor: 'currentColor' },
  '.cm-line': { padding: '0 0.5rem' },
});

/** Under the review, out of the tab order. */
const coverage = (covered: boolean): Extension =>
  EditorView.contentAttributes.of({ tabindex: covered ? '-1' : '0' });

/**
 * The untouched paste rule: an answer the box held when it took focus is wholly replaced by a
 * paste that comes before the box is otherwise touched (pointer down, a key that moves the
 * caret or edits).
 */
const untouchedPaste = (untouched: { current: Untouched | null }): Extension => {
  const touch = () => {
    untouched.current = null;
  };
  return EditorView.domEventObservers({
    pointerdown: touch,
    keydown: (event) => {
      if (!keepsUntouched(event)) touch();
    },
    // Before the editor's own paste, which then replaces what is selected.
    paste: (_event, view) => {
      const old = untouched.current;
      touch();
      const { main } = view.state.selection;
      const still =
        old !== null &&
        old.answer === useApplyStore.getState().answer &&
        main.empty &&
        main.head === old.caret;
      if (still) view.dispatch({ selection: { anchor: 0, head: view.state.doc.length } });
    },
  });
};

/**
 * The editor on the store's answer: its edits go to the store (refused while the answer is
 * read: the keys typed then are not applied), and the store's own changes (a new prompt
 * empties the answer) come into it. The store takes the editor's document as it is: making
 * it a string on each key would take about 20 ms for a 2 MB answer. Returns the editor and
 * what stops it.
 */
function answerEditor(parent: HTMLElement, extensions: Extension[]) {
  /** The text last taken from or given to the store. */
  let synced = useApplyStore.getState().answer;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: asDoc(synced),
      extensions: [
        extensions,
        EditorState.transactionFilter.of((tr) =>
          tr.docChanged && !tr.annotation(fromStore) && useApplyStore.getState().reading ? [] : tr,
        ),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged || update.transactions.some((tr) => tr.annotation(fromStore)))
            return;
          synced = update.state.doc;
          applyActions.setAnswer(synced);
        }),
      ],
    }),
  });
  const unsubscribe = useApplyStore.subscribe(({ answer }) => {
    if (answer === synced) return;
    synced = answer;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: asDoc(answer) },
      annotations: fromStore.of(true),
    });
  });
  return {
    view,
    stop: () => {
      unsubscribe();
      view.destroy();
    },
  };
}

/**
 * The box the model's answer is pasted into: a CodeMirror editor, which lays out and draws
 * only the lines in view (a textarea lays all of a 2 MB answer out, and again on each frame
 * of the dialog). It takes focus when it shows; an answer already there (read before, not yet
 * replaced by a new prompt) is replaced by a paste that comes before the box is otherwise
 * touched, and never lands after it.
 */
export function AnswerInput({ covered = false }: { covered?: boolean }) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const covering = useRef(new Compartment());
  const untouched = useRef<Untouched | null>(null);
  const coveredNow = useRef(covered);
  coveredNow.current = covered;

  // The editor is made once; the store's answer is read, not subscribed to through React:
  // each render would compare its 2 MB.
  useLayoutEffect(() => {
    if (!host.current) return;
    const editor = answerEditor(host.current, [
      history(),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      EditorView.lineWrapping,
      look,
      EditorView.editorAttributes.of({
        class: 'min-h-0 w-full flex-1 rounded-md border border-slate-300 font-mono text-xs',
      }),
      EditorView.contentAttributes.of({ 'aria-labelledby': labelId, 'aria-describedby': hintId }),
      covering.current.of(coverage(coveredNow.current)),
      untouchedPaste(untouched),
    ]);
    view.current = editor.view;
    return () => {
      editor.stop();
      view.current = null;
    };
  }, [labelId, hintId]);

  useLayoutEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const apply = () =>
      editor.dispatch({ effects: covering.current.reconfigure(coverage(covered)) });
    if (!covered) {
      apply();
      return;
    }
    // Out of the tab order once the review has been drawn: the editor's update, a millisecond
    // or two, would lengthen the review's first render, which the keys typed then wait on.
    // The review covers the box (and hides it from assistive technology) meanwhile.
    return afterFrame(apply);
  }, [covered]);

  // After the dialog's own focus on opening (a layout effect): this one comes last. Again
  // when the review stops covering the box (Edit answer). The old answer is not selected
  // here: it is selected when a paste comes instead.
  useEffect(() => {
    const editor = view.current;
    if (covered || !editor) return;
    editor.focus();
    const old = useApplyStore.getState().answer;
    untouched.current =
      old.length === 0 ? null : { answer: old, caret: editor.state.selection.main.head };
  }, [covered]);

  useEffect(() => {
    // The workers load while the answer is pasted, not after "Read answer": the planner's,
    // and, for an uploaded folder (read through the provider), the one that reads its files.
    answerPlanner().warm?.();
    if (!useConnectionStore.getState().handle) warmFileReads();
  }, []);

  return (
    // Paint containment: each frame of the dialog (a key typed anywhere in it, the review
    // covering the box) reuses the box's last paint. The clip margin leaves room for the
    // box's focus ring.
    <div className="flex h-full flex-col gap-2 contain-paint [overflow-clip-margin:4px]">
      {/* A label for no form control: clicking it focuses the editor, as a label would. */}
      <label
        id={labelId}
        className="text-sm font-medium text-slate-700"
        onClick={() => view.current?.focus()}
      >
        {t('apply.answerLabel')}
      </label>
      <p id={hintId} className="text-xs text-slate-500">
        {t('apply.answerHint')}
      </p>
      <div ref={host} className="flex min-h-0 flex-1" />
    </div>
  );
}
