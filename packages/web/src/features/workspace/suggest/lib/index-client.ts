import { INDEX_VERSION, type RankedFile } from '@promptloom/core';
import { registerReset } from '#web/lib/reset-registry.ts';
import { keyFramesDrawn } from '#web/lib/yield-to-browser.ts';
import { clearSuggestIndex } from '#web/workers/suggest-index-cache.ts';
import {
  type ListedFile,
  type SuggestIndexReply,
  type SuggestIndexRequest,
  toColumns,
} from '#web/workers/suggest-index-protocol.ts';
import { handOverFiles } from './file-hand-over';

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
      this.listener?.ready(reply.files);
    } else {
      this.listener?.failed(reply.error);
    }
  }

  /** The files the worker asked for (`paths`, joined by NUL), handed over for this build. */
  private async send(build: number, paths: string, singly = false): Promise<void> {
    const fileOf = this.fileOf;
    if (!fileOf || paths === '') return;
    const post = (message: SuggestIndexRequest) => this.post(message);
    const current = () => build === this.build;
    const handed = await handOverFiles(paths, singly, { build, fileOf, post, current });
    if (!handed) return;
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
