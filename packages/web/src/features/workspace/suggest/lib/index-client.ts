import { FILE_SIZE_LIMIT_BYTES, INDEX_VERSION, type RankedFile } from '@promptloom/core';
import { FILE_READ_GROUP_BYTES } from '#web/config/limits.ts';
import { registerReset } from '#web/lib/reset-registry.ts';
import { nextTurn } from '#web/lib/next-turn.ts';
import { afterNextFrame, keyFramesDrawn } from '#web/lib/yield-to-browser.ts';
import { clearSuggestIndex } from '#web/workers/suggest-index-cache.ts';
import {
  type ListedFile,
  type SuggestIndexReply,
  type SuggestIndexRequest,
  toColumns,
} from '#web/workers/suggest-index-protocol.ts';

/** How the page learns about the build it started last. */
interface IndexListener {
  progress(done: number, total: number): void;
  ready(files: number): void;
  failed(error: string): void;
}

/** Marks on the page's timeline: a build opened and ready, a ranking asked and answered. */
const INDEX_OPEN_MARK = 'promptloom:suggest-index-open';
const INDEX_READY_MARK = 'promptloom:suggest-index-ready';
const INDEX_HANDED_MARK = 'promptloom:suggest-index-handed';
const RANK_MEASURE = 'promptloom:suggest-rank';

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

/**
 * Stored entries are valid for one shape of core's entries (its INDEX_VERSION) built one way
 * here (`l`: lexical, as the CLI builds them): the scope names both, so a change of either
 * rebuilds.
 */
const ENTRY_KIND = `${INDEX_VERSION}l`;

/**
 * The page's side of the suggestion index worker (decision 097): one worker per page, started
 * when the first project is indexed. The page only names files and hands the worker those it
 * asks for, joined into Blobs unread — the worker reads, decodes and indexes them, so no
 * file's bytes or text cross the page.
 */
class SuggestIndexClient {
  private worker: Worker | null = null;
  private build = 0;
  private listener: IndexListener | null = null;
  private fileOf: ((path: string) => Promise<File>) | null = null;
  private nextId = 1;
  /** A build runs (from its open to its ready or failure): keys typed are reported. */
  private building = false;
  private watchingKeys = false;
  /** Keys reported so far: a frame's report names its key, so only the last one's resumes. */
  private keys = 0;
  private readonly ranks = new Map<
    number,
    { resolve: (files: RankedFile[], workerMs: number) => void; reject: (error: Error) => void }
  >();

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(
      new URL('../../../../workers/suggest-index.worker.ts', import.meta.url),
      { type: 'module' },
    );
    worker.onmessage = (event: MessageEvent<SuggestIndexReply>) => this.take(event.data);
    worker.onerror = (event) => this.stop(event.message || 'Suggestion index worker failed');
    this.worker = worker;
    return worker;
  }

  /**
   * Reports each key typed while a build runs, then the end of the frame that draws it, so
   * that the worker's indexing gives way to the key's handlers and frame on a machine of few
   * cores (decisions 128, 133). Two small messages per key, nothing while no build runs.
   */
  private watchKeys(): void {
    if (this.watchingKeys || typeof addEventListener !== 'function') return;
    this.watchingKeys = true;
    addEventListener(
      'keydown',
      () => {
        const worker = this.worker;
        if (!this.building || !worker) return;
        const key = ++this.keys;
        worker.postMessage({ type: 'typing', key } satisfies SuggestIndexRequest);
        // The key's input lands in this task, so the next frame is the one that draws it; the
        // frame after it begins once that one is handed to the compositor, which shows it.
        void afterNextFrame()
          .then(() => new Promise((resolve) => requestAnimationFrame(resolve)))
          .then(() => worker.postMessage({ type: 'drawn', key } satisfies SuggestIndexRequest));
      },
      { capture: true, passive: true },
    );
  }

  private post(message: SuggestIndexRequest, transfer: Transferable[] = []): void {
    this.start().postMessage(message, transfer);
  }

  private take(reply: SuggestIndexReply): void {
    if (reply.type === 'ranked') {
      this.ranks.get(reply.id)?.resolve(reply.files, reply.ms);
      this.ranks.delete(reply.id);
      return;
    }
    if (reply.type === 'failed' && reply.id !== undefined) {
      this.ranks.get(reply.id)?.reject(new Error(reply.error));
      this.ranks.delete(reply.id);
      return;
    }
    if (reply.build !== this.build) return;
    if (reply.type === 'need') void this.send(reply.build, reply.paths, reply.singly);
    else if (reply.type === 'progress') this.listener?.progress(reply.done, reply.total);
    else if (reply.type === 'ready') {
      // For the bench (bench/suggest-index.ts): the build's span on the page's timeline.
      performance.clearMarks(INDEX_READY_MARK);
      performance.mark(INDEX_READY_MARK, { detail: reply });
      this.building = false;
      this.listener?.ready(reply.files);
    } else {
      this.building = false;
      this.listener?.failed(reply.error);
    }
  }

  /**
   * The files the worker asked for (`paths`, joined by NUL), a few at a time (null where one
   * cannot be opened), joined into groups of FILE_READ_GROUP_BYTES (unless `singly`), each
   * handed over once whole; the paths are cut from the joined text batch by batch. A join
   * waits for the browser's blob registry, per File: joining a whole group in one task
   * blocked the page up to 0.65 s on a loaded machine (decision 192), so each task joins only
   * its own JOINED_PER_TASK files, then the group's parts are joined at no cost per file.
   */
  private async send(build: number, paths: string, singly = false): Promise<void> {
    const fileOf = this.fileOf;
    if (!fileOf || paths === '') return;
    let group = new JoiningGroup();
    const perTask = singly ? FILES_PER_BATCH : JOINED_PER_TASK;
    for (let at = 0; at <= paths.length;) {
      // Handing Files over is the page's part of a build: a key pressed meanwhile goes first,
      // and a typed key's frame is drawn before the next files are joined or cloned.
      await yieldToPage();
      await keyFramesDrawn();
      if (build !== this.build) return;
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
      if (build !== this.build) return;
      const apart: Opened[] = [];
      for (const opened of files) {
        const { path, file } = opened;
        if (singly || !file || file.size > FILE_SIZE_LIMIT_BYTES) apart.push(opened);
        else {
          if (group.paths.length > 0 && group.bytes + file.size > FILE_READ_GROUP_BYTES) {
            this.post(group.message(build));
            group = new JoiningGroup();
          }
          group.add(path, file);
        }
      }
      group.join();
      if (apart.length > 0) this.post({ type: 'files', build, files: apart });
    }
    if (group.paths.length > 0) this.post(group.message(build));
    // For the bench: when the page's part of the build ended.
    performance.clearMarks(INDEX_HANDED_MARK);
    performance.mark(INDEX_HANDED_MARK);
  }

  /** Has the worker read `project`'s stored index while the page lists its folder. */
  preload(project: string): void {
    this.post({ type: 'preload', scope: `${ENTRY_KIND}|${project}` });
  }

  /**
   * Indexes `project`'s files (again): the worker keeps what it knows at the same size and
   * mtime and asks for the rest. A later call supersedes this one.
   */
  open(
    project: string,
    files: readonly ListedFile[],
    fileOf: (path: string) => Promise<File>,
    listener: IndexListener,
    /** A connected folder's root: the worker then opens its files itself, not the page. */
    root?: FileSystemDirectoryHandle,
  ): void {
    this.build++;
    performance.clearMarks(INDEX_OPEN_MARK);
    performance.mark(INDEX_OPEN_MARK);
    this.listener = listener;
    this.fileOf = fileOf;
    // Watches keys from now on, so that the first hand-over already waits for their frames.
    void keyFramesDrawn();
    this.building = true;
    this.watchKeys();
    const scope = `${ENTRY_KIND}|${project}`;
    const columns = toColumns(files);
    this.post({ type: 'open', build: this.build, scope, files: columns, root }, [
      columns.sizes.buffer,
      columns.mtimes.buffer,
    ]);
  }

  /** The files best for `request`, once the index is built. */
  rank(request: string, changedPaths: readonly string[], top: number): Promise<RankedFile[]> {
    const id = this.nextId++;
    const start = performance.now();
    return new Promise((resolve, reject) => {
      this.ranks.set(id, {
        resolve: (files, workerMs) => {
          performance.clearMeasures(RANK_MEASURE);
          performance.measure(RANK_MEASURE, { start, detail: { workerMs } });
          resolve(files);
        },
        reject,
      });
      this.post({ type: 'rank', id, request, changedPaths: [...changedPaths], top });
    });
  }

  /** Ends the worker (logout, a failure): what it held is gone, the next open starts again. */
  stop(error = 'Suggestion index stopped'): void {
    this.worker?.terminate();
    this.worker = null;
    this.build++;
    this.building = false;
    for (const pending of this.ranks.values()) pending.reject(new Error(error));
    this.ranks.clear();
    this.listener?.failed(error);
    this.listener = null;
  }
}

export const suggestIndex = new SuggestIndexClient();

registerReset('suggestion index', async () => {
  suggestIndex.stop();
  await clearSuggestIndex();
});
