import {
  type ApplyFailure,
  type ApplyPlan,
  type FileStat,
  type FileText,
  parseAnswer,
  pathRefusal,
  planApply,
  planClashes,
  type PlannedFile,
  type PreviousPrompt,
  redactLike,
  refusePlannedFiles,
  touchedPaths,
} from '@promptloom/core';
import { PathClashError, toFileText } from './folder-io';

export interface Review {
  plan: ApplyPlan;
  /** Path -> its bytes when the review read them (null: absent): the write checks them again. */
  reviewed: Map<string, Uint8Array | null>;
  /** Whole-file answers for files changed on disk since the prompt: writing loses those changes. */
  staleSincePrompt: Set<string>;
  /** Paths checked at first: those that apply cleanly and are not flagged. */
  checked: Set<string>;
  /** The texts planned against (the follow-up request quotes them). */
  texts: Map<string, FileText | null>;
}

const BOM = '\uFEFF';

/**
 * Whether a file changed since the project's last prompt: against the text the prompt held
 * when it has it, else against the size and mtime its tree snapshot recorded.
 */
function changedSince(
  file: PlannedFile,
  previous: PreviousPrompt | null,
  stat: FileStat | undefined,
): boolean {
  if (!previous || file.before === null) return false;
  const then = Object.hasOwn(previous.contents, file.path) ? previous.contents[file.path] : null;
  // The prompt's text was decoded without its BOM.
  // A secret the prompt redacted is compared as redacted (decision 063).
  if (then != null) return then !== redactLike(then, file.before.replace(BOM, ''));
  const recorded = previous.structure[file.path];
  return !!recorded && !!stat && (recorded.size !== stat.size || recorded.mtime !== stat.mtime);
}

/**
 * Reads every file the answer touches (as bytes, so that the write can tell a change since
 * the review) and plans the answer against them; nothing is written.
 */
export async function reviewAnswer(
  answer: string,
  read: (path: string) => Promise<Uint8Array | null>,
  previous: PreviousPrompt | null,
  statOf: (path: string) => FileStat | undefined,
): Promise<Review> {
  const parsed = parseAnswer(answer);
  const paths = touchedPaths(parsed);
  const reviewed = new Map<string, Uint8Array | null>();
  const files = new Map<string, FileText | null>();
  const refused = new Map<string, ApplyFailure>();
  await Promise.all(
    paths.map(async (path) => {
      const bytes = await read(path).catch((error: unknown) => {
        if (!(error instanceof PathClashError)) throw error;
        refused.set(path, pathRefusal.clash(path, error.at));
        return null;
      });
      reviewed.set(path, bytes);
      files.set(path, bytes === null ? null : toFileText(bytes));
    }),
  );
  // A file where a folder is needed (on disk or in the answer) is refused before any write.
  const planned = refusePlannedFiles(planApply(parsed, files), refused);
  const plan = refusePlannedFiles(planned, planClashes(planned));
  const staleSincePrompt = new Set(
    plan.files
      .filter((f) => f.wholeFile && f.status === 'modified')
      .filter((f) => changedSince(f, previous, statOf(f.path)))
      .map((f) => f.path),
  );
  const checked = new Set(
    plan.files
      .filter((f) => f.status !== 'failed' && !staleSincePrompt.has(f.path))
      .map((f) => f.path),
  );
  return { plan, reviewed, staleSincePrompt, checked, texts: files };
}
