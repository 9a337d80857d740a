import { type FileStat, type PreviousPrompt, redactLike } from '@promptloom/core';
import type { AppliedFile } from './apply-records';
import { toFileText } from '#web/lib/file-text.ts';

const BOM = '\uFEFF';

/** Whether the bytes an undo put back are the ones the prompt saw. */
function asPromptSaw(file: AppliedFile, previous: PreviousPrompt): boolean {
  if (file.before === null) return false;
  const recorded = previous.structure[file.path];
  const stat = file.beforeStat;
  if (recorded && stat && recorded.size === stat.size && recorded.mtime === stat.mtime) return true;
  const then = Object.hasOwn(previous.contents, file.path) ? previous.contents[file.path] : null;
  if (then == null) return false;
  const now = toFileText(file.before);
  // The prompt's text was decoded without its BOM, and its secrets redacted (decision 063).
  return !now.binary && then === redactLike(then, now.text.replace(BOM, ''));
}

/**
 * After an undo: the restored files that hold what the project's latest prompt saw, each with
 * the stat it has now, so that change detection stops flagging them (decision 092). Written
 * anew, their mtime differs from the prompt's record; their content does not.
 */
export async function restoredAsPrompted(
  files: readonly AppliedFile[],
  restored: readonly string[],
  previous: PreviousPrompt | null,
  statNow: (path: string) => Promise<FileStat | null>,
): Promise<Record<string, FileStat>> {
  const stats: Record<string, FileStat> = {};
  if (!previous) return stats;
  const back = new Set(restored);
  for (const file of files) {
    if (!back.has(file.path) || !asPromptSaw(file, previous)) continue;
    const stat = await statNow(file.path);
    if (stat) stats[file.path] = stat;
  }
  return stats;
}
