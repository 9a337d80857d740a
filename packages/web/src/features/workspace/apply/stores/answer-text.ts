/**
 * The answer as the box holds it: the editor's document (CodeMirror's `Text`, a tree of
 * lines that an edit changes in a few of its leaves) or a string. Turning a 2 MB document
 * into a string takes about 20 ms, more than a key's frame: the box hands its document over
 * as it is, and the string is made only where the answer is read (Read answer, the offer to
 * the worker), once per document.
 */
export interface AnswerDoc {
  readonly length: number;
  sliceString(from: number, to?: number): string;
  toString(): string;
}

export type Answer = string | AnswerDoc;

/** A document never changes (an edit makes a new one): its string is made once. */
const made = new WeakMap<AnswerDoc, string>();

/** The answer's text. */
export function answerText(answer: Answer): string {
  if (typeof answer === 'string') return answer;
  let text = made.get(answer);
  if (text === undefined) {
    text = answer.toString();
    made.set(answer, text);
  }
  return text;
}

/** Read in slices from the start: an answer that is not blank stops at its first one. */
const SLICE = 4096;

/** Whether the answer is empty or only white space (Read answer stays disabled). */
export function isBlankAnswer(answer: Answer): boolean {
  if (typeof answer === 'string') return answer.trim() === '';
  const text = made.get(answer);
  if (text !== undefined) return text.trim() === '';
  for (let at = 0; at < answer.length; at += SLICE)
    if (answer.sliceString(at, at + SLICE).trim() !== '') return false;
  return true;
}
