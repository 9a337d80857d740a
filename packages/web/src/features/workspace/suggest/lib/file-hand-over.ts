// The page's part of a suggestion index build: the files the worker asks for, handed over.
import { FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';
import { FILE_READ_GROUP_BYTES } from '#web/config/limits.ts';
import { nextTurn } from '#web/lib/next-turn.ts';
import { keyFramesDrawn } from '#web/lib/yield-to-browser.ts';
import type { SuggestIndexRequest } from '#web/workers/suggest-index-protocol.ts';

/**
 * Files handed over as Files in one message: those over the size cap, those that cannot be
 * opened, and a group asked for again (`singly`). Cloning a File costs the page a call into
 * the browser's blob registry: 256 to a message made tasks of 50–70 ms on a loaded machine,
 * during which a key waited (decision 120).
 */
const FILES_PER_BATCH = 32;

/**
 * Files joined in one task of the page, the others handed over joined into Blobs of
 * FILE_READ_GROUP_BYTES, one a group: a File handed over costs the worker a call into the
 * browser's blob registry to take it and another to join it, a joined group one (decision
 * 207). The join's call is the page's, so a task joins few.
 */
const JOINED_PER_TASK = 16;

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

/**
 * A group of files being joined for the worker: each one's path, size and mtime, the Blobs of
 * its files joined so far, and its files not joined yet.
 */
class JoiningGroup {
  readonly paths: string[] = [];
  readonly sizes: number[] = [];
  readonly mtimes: number[] = [];
  bytes = 0;
  private readonly parts: Blob[] = [];
  private loose: File[] = [];

  add(path: string, file: File): void {
    this.paths.push(path);
    this.sizes.push(file.size);
    this.mtimes.push(file.lastModified);
    this.bytes += file.size;
    this.loose.push(file);
  }

  /** Joins the files added since the last call: at most a task's few, so the page stays quick. */
  join(): void {
    if (this.loose.length > 0) this.parts.push(new Blob(this.loose));
    this.loose = [];
  }

  message(build: number): SuggestIndexRequest {
    this.join();
    return {
      type: 'joined',
      build,
      files: {
        paths: this.paths.join('\0'),
        sizes: this.sizes,
        mtimes: this.mtimes,
        // Blobs of Blobs cost no call per file: the files were registered as the parts.
        blob: this.parts.length === 1 ? this.parts[0]! : new Blob(this.parts),
      },
    };
  }
}

/** One build's hand-over: where its files come from and go, and whether it is still current. */
interface HandOver {
  build: number;
  fileOf: (path: string) => Promise<File>;
  post: (message: SuggestIndexRequest) => void;
  /** Whether `build` is still the page's latest. */
  current: () => boolean;
}

/**
 * Hands over the files the worker asked for (`paths`, joined by NUL), a few at a time (null
 * where one cannot be opened), joined into groups of FILE_READ_GROUP_BYTES (unless
 * `singly`), each handed over once whole; the paths are cut from the joined text batch by
 * batch. A join waits for the browser's blob registry, per File: joining a whole group in one task
 * blocked the page up to 0.65 s on a loaded machine (decision 192), so each task joins only
 * its own JOINED_PER_TASK files, then the group's parts are joined at no cost per file.
 * False when a later build superseded this one on the way.
 */
export async function handOverFiles(
  paths: string,
  singly: boolean,
  { build, fileOf, post, current }: HandOver,
): Promise<boolean> {
  let group = new JoiningGroup();
  const perTask = singly ? FILES_PER_BATCH : JOINED_PER_TASK;
  for (let at = 0; at <= paths.length;) {
    // Handing Files over is the page's part of a build: a key pressed meanwhile goes first,
    // and a typed key's frame is drawn before the next files are joined or cloned.
    await yieldToPage();
    await keyFramesDrawn();
    if (!current()) return false;
    const batch: string[] = [];
    while (batch.length < perTask && at <= paths.length) {
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
    for (const opened of files) {
      const { path, file } = opened;
      if (singly || !file || file.size > FILE_SIZE_LIMIT_BYTES) apart.push(opened);
      else {
        if (group.paths.length > 0 && group.bytes + file.size > FILE_READ_GROUP_BYTES) {
          post(group.message(build));
          group = new JoiningGroup();
        }
        group.add(path, file);
      }
    }
    group.join();
    if (apart.length > 0) post({ type: 'files', build, files: apart });
  }
  if (group.paths.length > 0) post(group.message(build));
  return true;
}
