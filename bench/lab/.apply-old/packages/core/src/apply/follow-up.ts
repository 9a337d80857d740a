import { closestRange, markedWords } from './closest-text';
import type { ApplyFailure, ApplyPlan, FileText } from './types';

/** Lines of the current file shown around the closest match, so the model sees its context. */
const AROUND = 3;
/** Lines of the word diff shown at most. */
const MARKED_LINES = 40;

/** A fence longer than any run of backticks in `text`, so the text cannot close it. */
function fenced(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), ([run]) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}\n${fence}`;
}

/** What differs between the block and the nearest region, word by word. */
function differences(failure: ApplyFailure): string | null {
  const { closest } = failure;
  if (!closest || closest.words.every((word) => word.kind === 'same')) return null;
  return `The nearest region of the file, ${closestRange(closest)}, differs from your block in these words ([-as in your block-] {+as in the file+}):\n${fenced(markedWords(closest.words, MARKED_LINES))}`;
}

function excerpt(failure: ApplyFailure, text: string | undefined): string | null {
  if (!failure.closest || text === undefined) return null;
  const lines = text
    .replace(/^\uFEFF/, '')
    .replaceAll('\r\n', '\n')
    .split('\n');
  const start = Math.max(1, failure.closest.startLine - AROUND);
  const end = Math.min(lines.length, failure.closest.endLine + AROUND);
  const width = String(end).length;
  const numbered = lines
    .slice(start - 1, end)
    .map((line, k) => `${String(start + k).padStart(width)} | ${line}`);
  return `Lines ${start}–${end} of the file as it is now:\n${fenced(numbered.join('\n'))}`;
}

/**
 * A message to send back to the model: which blocks failed and why, with the current text
 * around the closest match, asking for corrected blocks for those only (the rest applied).
 * Empty when nothing failed.
 */
export function followUpRequest(
  plan: ApplyPlan,
  files: ReadonlyMap<string, FileText | null>,
): string {
  const failed = plan.files.filter((file) => file.failures.length > 0);
  if (failed.length === 0 && plan.failures.length === 0) return '';
  const applied = plan.files.filter((file) => file.status !== 'failed').map((file) => file.path);
  const parts = [
    'Some of the edits in your answer could not be applied. Nothing was changed in the files listed below.',
  ];
  for (const file of failed) {
    parts.push(`## ${file.path}`);
    for (const failure of file.failures) {
      parts.push(`- ${failure.message}`);
      const marked = differences(failure);
      if (marked) parts.push(marked);
      const shown = excerpt(failure, files.get(file.oldPath ?? file.path)?.text);
      if (shown) parts.push(shown);
    }
  }
  if (plan.failures.length > 0) {
    parts.push('## Blocks without a file');
    for (const failure of plan.failures) parts.push(`- ${failure.message}`);
  }
  if (applied.length > 0)
    parts.push(`These files applied cleanly; do not send them again: ${applied.join(', ')}.`);
  parts.push(
    'Please send corrected edits for the failed blocks only. A SEARCH text must match the current file exactly and only once, and every line must be written out (no “... existing code ...”).',
  );
  return `${parts.join('\n\n')}\n`;
}
