import {
  type ApplyFailure,
  type ApplyPlan,
  type FileStat,
  type FileText,
  linkedGroups,
  pathRefusal,
  planClashes,
  type PlannedFile,
  type PreviousPrompt,
  redactLike,
  refusePlannedFiles,
} from '@promptloom/core';
import type { AnswerPlanner } from './answer-planner';
import { asWritten, type HeldAfters } from './held-afters';
import { PathClashError } from './folder-io';
import type { NotWrittenReason } from './write-changes';

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
  /** The new texts the apply worker keeps (null in `plan`): ask with `withAfters`. */
  afters: HeldAfters | null;
}

const BOM = '\uFEFF';

/** Statuses with nothing to write: their blocks failed, or the answer is already in the file. */
export const UNWRITABLE: ReadonlySet<PlannedFile['status']> = new Set(['failed', 'unchanged']);

/** An answer with no file edit in it (prose only): no file, and no block that names none. */
export const holdsNoEdit = (review: Review) =>
  review.plan.files.length === 0 && review.plan.failures.length === 0;

/**
 * A rename that leaves the text as it is: only its path changes. (A new text the worker holds
 * is never the text before: its `after` null here tells the same.)
 */
export const isPureRename = (file: PlannedFile) =>
  file.status === 'renamed' && file.before === file.after;

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

export interface ReviewSources {
  /** A file's bytes (null: absent). */
  read: (path: string) => Promise<Uint8Array | null>;
  /** The project's latest prompt, to flag files changed since. */
  previous: PreviousPrompt | null;
  statOf: (path: string) => FileStat | undefined;
  /** Parses and plans (the apply worker). */
  planner: AnswerPlanner;
  /** Cancel: the read stops and rejects with an AbortError. */
  signal?: AbortSignal;
  /** The folder's files: a line of the answer naming one is read as its path. */
  knownPaths?: readonly string[];
}

/**
 * Reads every path (null: absent); a file where a folder is needed, or the reverse, is refused
 * rather than read. Failing reads reject it, handled or not by its caller.
 */
function readFiles(
  paths: readonly string[],
  read: ReviewSources['read'],
): Promise<{ reviewed: Map<string, Uint8Array | null>; refused: Map<string, ApplyFailure> }> {
  const reviewed = new Map<string, Uint8Array | null>();
  const refused = new Map<string, ApplyFailure>();
  const reading = Promise.all(
    paths.map(async (path) => {
      const bytes = await read(path).catch((error: unknown) => {
        if (!(error instanceof PathClashError)) throw error;
        refused.set(path, pathRefusal.clash(path, error.at));
        return null;
      });
      reviewed.set(path, bytes);
    }),
  ).then(() => ({ reviewed, refused }));
  // A read started early and not used (the parse named other paths) must not go unhandled.
  reading.catch(() => {});
  return reading;
}

const samePaths = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((path, k) => path === b[k]);

/** Marks a step of reading an answer on the page's timeline (the browser bench reads them). */
const mark = (step: string) => performance.mark(`apply:${step}`);

/**
 * Reads every file the answer touches (as bytes, so that the write can tell a change since
 * the review) and plans the answer against them, off the page's thread; nothing is written.
 */
export async function reviewAnswer(
  answer: string,
  { read, previous, statOf, planner, signal, knownPaths }: ReviewSources,
): Promise<Review> {
  mark('start');
  // The paths of an answer offered as it was pasted are known: their read starts at the
  // click, beside the parse, which names the same paths.
  const early = planner
    .offeredPaths?.(answer, knownPaths)
    ?.then((paths) => paths && { paths, files: readFiles(paths, read) });
  const { parseId, paths } = await planner.parse(answer, signal, knownPaths);
  mark('parsed');
  const started = await early;
  const { reviewed, refused } = await (started && samePaths(started.paths, paths)
    ? started.files
    : readFiles(paths, read));
  signal?.throwIfAborted();
  mark('read');
  // A file where a folder is needed (on disk or in the answer) is refused before any write.
  const planning = await planner.plan(parseId, reviewed, signal);
  const planned = refusePlannedFiles(planning.plan, refused);
  mark('planned');
  const afters = planning.afters ?? null;
  const plan = refusePlannedFiles(planned, planClashes(asWritten(planned, afters)));
  const staleSincePrompt = new Set(
    plan.files
      .filter((f) => f.wholeFile && f.status === 'modified')
      .filter((f) => changedSince(f, previous, statOf(f.path)))
      .map((f) => f.path),
  );
  // A file the answer is already in has nothing to write: shown, never checked.
  const checked = new Set(
    plan.files
      .filter((f) => !UNWRITABLE.has(f.status) && !staleSincePrompt.has(f.path))
      .map((f) => f.path),
  );
  // Files moving into each other's paths are checked together or not at all.
  for (const group of linkedGroups(plan.files))
    if (!group.every((f) => checked.has(f.path))) for (const f of group) checked.delete(f.path);
  return { plan, reviewed, staleSincePrompt, checked, texts: planning.texts, afters };
}

/**
 * The files the answer touches that "Write changes" leaves alone, and why: those whose blocks
 * failed, those already applied, those left unchecked as changed since the prompt, and those
 * the user did not check.
 */
export function unwritten(review: Review): { path: string; reason: NotWrittenReason }[] {
  return review.plan.files
    .filter((f) => UNWRITABLE.has(f.status) || !review.checked.has(f.path))
    .map((f) => ({ path: f.path, reason: unwrittenReason(review, f) }));
}

/**
 * The files whose text writing `files` loses: those deleted, and those a moved file takes the
 * place of. A rename's old path is not among them: its text moves on, under the new name.
 */
export function lostTexts(files: readonly PlannedFile[]): string[] {
  return files.filter((f) => f.status === 'deleted' || f.replacesDeleted).map((f) => f.path);
}

function unwrittenReason(review: Review, file: PlannedFile): NotWrittenReason {
  if (file.status === 'failed') return 'failed';
  if (file.status === 'unchanged') return 'unchanged';
  if (review.staleSincePrompt.has(file.path)) return 'stale';
  return 'unchecked';
}
