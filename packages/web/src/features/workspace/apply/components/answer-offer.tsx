import { useEffect, useRef } from 'react';
import { useChangesSource, useConnectionStore, useFileTree } from '../../project-files';
import { useSessionStore } from '../../session';
import { answerPlanner } from '../lib/answer-planner';
import { batchReader } from '../lib/folder-io';
import { reviewOf } from '../lib/review';
import { answerText, isBlankAnswer } from '../stores/answer-text';
import { applyActions, useApplyStore } from '../stores/apply-store';

/** A change of more than this many characters is a paste (or a cut): offered at once. */
const PASTE_CHARS = 1_000;
/**
 * Typing is offered once it pauses this long: each offer makes the answer a string and copies
 * it to the worker.
 */
const TYPING_PAUSE_MS = 500;

/**
 * Offers the answer to the apply worker as it is pasted, so that "Read answer" neither
 * sends it nor waits for its parse, and, with the files it touches read at once, for its plan
 * (when the read finds the same bytes). That plan's review is made at once and drawn hidden
 * (decision 170): a read that finds the same files only shows it. Apart from the box: a
 * render of the box compares its whole text, and the folder's tree changes on its own.
 */
export function AnswerOffer() {
  const answer = useApplyStore((s) => s.answer);
  const tree = useFileTree().data?.index;
  const knownPaths = tree?.filePaths;
  const provider = useConnectionStore((s) => s.provider);
  const handle = useConnectionStore((s) => s.handle);
  const projectName = useSessionStore((s) => s.projectName);
  /** The answer's length when last seen. */
  const last = useRef(0);
  useEffect(() => {
    const pasted = Math.abs(answer.length - last.current) > PASTE_CHARS;
    last.current = answer.length;
    if (isBlankAnswer(answer)) return;
    const read = provider ? batchReader(provider, handle) : undefined;
    let current = true;
    const timer = setTimeout(
      () => {
        const text = answerText(answer);
        const planner = answerPlanner();
        planner.offer?.(text, knownPaths, read);
        void planner.plannedAhead?.(text, knownPaths)?.then((planning) => {
          if (!current || !planning || !projectName) return;
          applyActions.setAhead(
            reviewOf(planning, {
              reviewed: planning.files,
              refused: new Map(),
              previous: useChangesSource.getState().prompts[projectName] ?? null,
              statOf: (path) => tree?.stats.get(path),
            }),
          );
        });
      },
      pasted ? 0 : TYPING_PAUSE_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [answer, knownPaths, tree, provider, handle, projectName]);
  return null;
}
