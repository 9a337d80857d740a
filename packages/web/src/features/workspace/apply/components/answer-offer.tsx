import { useEffect, useRef } from 'react';
import { useConnectionStore, useFileTree } from '../../project-files';
import { answerPlanner } from '../lib/answer-planner';
import { batchReader } from '../lib/folder-io';
import { answerText, isBlankAnswer } from '../stores/answer-text';
import { useApplyStore } from '../stores/apply-store';

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
 * (when the read finds the same bytes). Apart from the box: a render of the box compares its
 * whole text, and the folder's tree changes on its own.
 */
export function AnswerOffer() {
  const answer = useApplyStore((s) => s.answer);
  const knownPaths = useFileTree().data?.index.filePaths;
  const provider = useConnectionStore((s) => s.provider);
  const handle = useConnectionStore((s) => s.handle);
  /** The answer's length when last seen. */
  const last = useRef(0);
  useEffect(() => {
    const pasted = Math.abs(answer.length - last.current) > PASTE_CHARS;
    last.current = answer.length;
    if (isBlankAnswer(answer)) return;
    const read = provider ? batchReader(provider, handle) : undefined;
    const timer = setTimeout(
      () => answerPlanner().offer?.(answerText(answer), knownPaths, read),
      pasted ? 0 : TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [answer, knownPaths, provider, handle]);
  return null;
}
