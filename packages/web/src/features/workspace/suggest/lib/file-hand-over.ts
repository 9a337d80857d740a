// The page's part of a suggestion index build: the files the worker asks for, handed over.
import { FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';
import { nextTurn } from '#web/lib/next-turn.ts';
import { keyFramesDrawn } from '#web/lib/yield-to-browser.ts';
import type { SuggestIndexRequest } from '#web/workers/suggest-index-protocol.ts';
import type { JoinRequest } from '#web/workers/suggest-join.ts';

/**
 * Files posted in one message, to the index worker as Files (those over the size cap, those
 * that cannot be opened, and a group asked for again: `singly`) or to the joiner
 * (`workers/suggest-join.ts`). Posting a File waits for nothing: the browser's blob registry is
 * called by whoever joins or takes it. 256 to a message made tasks of 50–70 ms on a loaded
 * machine (decision 120).
 */
const FILES_PER_BATCH = 32;

type Opened = { path: string; file: File | null };

type TaskPriority = 'user-visible' | 'background';

interface TaskScheduler {
  postTask(task: () => void, options: { priority: TaskPriority }): Promise<void>;
}

const HAND_OVER_PRIORITY: TaskPriority = 'background';

/**
 * Gives the page's other tasks (a key, a render, a paint) their turn before the next batch:
 * a background-priority task where the browser has a scheduler (it runs after input and
 * rendering), else a message (no timer's 4 ms floor).
 */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (scheduler?.postTask) return scheduler.postTask(() => {}, { priority: HAND_OVER_PRIORITY });
  return nextTurn();
}

/** One build's hand-over: where its files come from and go, and whether it is still current. */
interface HandOver {
  build: number;
  fileOf: (path: string) => Promise<File>;
  post: (message: SuggestIndexRequest) => void;
  /** To the joiner: files to join into groups, then the end of the build's files. */
  join: (request: JoinRequest) => void;
  /** Whether `build` is still the page's latest. */
  current: () => boolean;
}

/**
 * Hands over the files the worker asked for (`paths`, joined by NUL), a few at a time: to the
 * joiner, which joins them into groups of FILE_READ_GROUP_BYTES for the worker, or to the
 * worker as Files (null where one cannot be opened) when over the size cap, not opened, or
 * `singly`. The paths are cut from the joined text batch by batch. The page joins nothing: a
 * join waits for the browser's blob registry, on the thread every read goes through, and on
 * the page those waits held keys (decisions 192, 207, 245). False when a later build
 * superseded this one on the way.
 */
export async function handOverFiles(
  paths: string,
  singly: boolean,
  { build, fileOf, post, join, current }: HandOver,
): Promise<boolean> {
  for (let at = 0; at <= paths.length;) {
    // Handing Files over is the page's part of a build: a key pressed meanwhile goes first,
    // and a typed key's frame is drawn before the next files are posted.
    await yieldToPage();
    await keyFramesDrawn();
    if (!current()) return false;
    const batch: string[] = [];
    while (batch.length < FILES_PER_BATCH && at <= paths.length) {
      const end = paths.indexOf('\0', at);
      const stop = end === -1 ? paths.length : end;
      batch.push(paths.slice(at, stop));
      at = stop + 1;
    }
    const files = await Promise.all(
      batch.map(async (path) => ({ path, file: await fileOf(path).catch(() => null) })),
    );
    if (!current()) return false;
    const apart: Opened[] = [];
    const joined: { path: string; file: File }[] = [];
    for (const opened of files) {
      const { path, file } = opened;
      if (singly || !file || file.size > FILE_SIZE_LIMIT_BYTES) apart.push(opened);
      else joined.push({ path, file });
    }
    if (joined.length > 0) join({ type: 'files', build, files: joined });
    if (apart.length > 0) post({ type: 'files', build, files: apart });
  }
  if (!singly) join({ type: 'end', build });
  return true;
}
