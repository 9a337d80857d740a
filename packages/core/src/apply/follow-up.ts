import type { ApplyFailure, ApplyPlan, FileText } from './types';

/** Lines of the current file shown around the closest match, so the model sees its context. */
const AROUND = 3;

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
  return `Lines ${start}–${end} of the file as it is now:\n\`\`\`\n${numbered.join('\n')}\n\`\`\``;
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
