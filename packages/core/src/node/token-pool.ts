import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { workerClass } from './worker-threads';
import type { TokenizerId } from '../models/presets';
import type { SecretFinding } from '../secrets/scan';
import { listDirectory } from './file-provider';
import type { DirectoryListing } from './watched-listings';
import { tokenizerBatches } from '../tokens/worker-batches';
import type { AsyncTokenCounter } from '../tokens/token-counter';
import { EVENT_LOOP_TURN_MS } from '../limits';

const RESOLVED = Promise.resolve();
/**
 * A file to scan for secrets with a batch: [piece index, path, offset, length] of its text
 * inside that piece, or [piece index, path, 0, 0, its text] when the piece does not hold it
 * verbatim (an outline).
 */
export type PieceScan = [number, string, number, number, string?];

interface Job {
  message: { texts: string[]; scans?: PieceScan[]; keys?: boolean } | { list: string };
  resolve: (reply: WorkerReply) => void;
  reject: (error: unknown) => void;
}

interface Listing {
  names: string[];
  kinds: number[];
  sizes: number[];
  mtimes: number[];
  hasSymlinks: boolean;
}

interface WorkerReply {
  /** Sent once, unasked: the thread's event loop is free (its tokenizer is loaded). */
  ready?: true;
  counts?: number[];
  /** Per scan asked, in order. */
  findings?: SecretFinding[][];
  /** With `keys`: each text's DiskPieceCache key. */
  keys?: string[];
  listing?: Listing;
  error?: string;
  code?: string;
}

interface Slot {
  worker: Worker;
  busy: Job | null;
  /** Its event loop answers at once (listings are sent only then). */
  ready: boolean;
}

/**
 * Token counting on worker threads, one per core by default, each loading the tokenizer
 * (cl100k_base unless told: any id of models/presets.ts, see tokens/load-token-count.js) once. Work is queued in batches and taken by whichever worker is free, so one
 * slow file never holds the others back.
 */
export class TokenizerPool implements AsyncTokenCounter {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  /** Directory listings: served before counting batches (the scan waits on them). */
  private readonly listQueue: Job[] = [];
  /** When the event loop last turned for breathe(), and the turn awaited now. */
  private lastTurn = performance.now();
  private turn: Promise<void> | null = null;
  private closed = false;
  private failure: unknown = undefined;

  /**
   * `eager: false` starts the threads on the first batch, which loads the tokenizer: for
   * runs that may count nothing (the CLI when its on-disk cache holds the folder), which
   * then start no thread at all and list on this one (decision 065).
   */
  constructor(
    readonly size = availableParallelism(),
    readonly tokenizer: TokenizerId = 'cl100k_base',
    { eager = true }: { eager?: boolean } = {},
  ) {
    if (eager) this.start();
  }

  /** Starts the threads, each loading the tokenizer at once. */
  private start(): void {
    // Plain JavaScript: it loads natively under tsx, vitest or compiled code alike.
    const url = new URL('./token-worker.js', import.meta.url);
    const workerData = { tokenizer: this.tokenizer };
    const Thread = workerClass();
    for (let i = 0; i < this.size; i++) {
      // No inherited loaders (tsx): the worker is plain JavaScript and starts faster without.
      const worker = new Thread(url, { workerData, execArgv: [] });
      const slot: Slot = { worker, busy: null, ready: false };
      worker.on('message', (reply: WorkerReply) => {
        if (reply.ready) {
          slot.ready = true;
          this.dispatch();
          return;
        }
        const job = slot.busy;
        slot.busy = null;
        job?.resolve(reply);
        this.dispatch();
      });
      worker.on('error', (error) => this.fail(error));
      this.slots.push(slot);
    }
  }

  async countMany(texts: readonly string[]): Promise<number[]> {
    if (this.closed) throw new Error('TokenizerPool is closed');
    const promises = tokenizerBatches(texts).map(
      (batch) =>
        new Promise<number[]>((resolve, reject) => {
          const done = (reply: WorkerReply) =>
            reply.error === undefined
              ? resolve(reply.counts ?? [])
              : reject(new Error(reply.error));
          this.queue.push({ message: { texts: batch }, resolve: done, reject });
        }),
    );
    this.dispatch();
    return (await Promise.all(promises)).flat();
  }

  /**
   * Counts the texts and, in the same workers, scans the files `scans` names (each inside
   * one of the texts: the same read serves both) and, with `keys`, hashes each text as
   * DiskPieceCache.keyOf does (off the main thread, for a cache that had nothing to find).
   * Findings come back per scan, in order; null without scans, as keys without `keys`.
   */
  async countDetailed(
    texts: readonly string[],
    { scans = [], keys = false }: { scans?: readonly PieceScan[]; keys?: boolean } = {},
  ): Promise<{ counts: number[]; findings: SecretFinding[][] | null; keys: string[] | null }> {
    if (this.closed) throw new Error('TokenizerPool is closed');
    const batches = tokenizerBatches(texts);
    let first = 0;
    let next = 0;
    const promises = batches.map((batch) => {
      const end = first + batch.length;
      const mine: PieceScan[] = [];
      for (; next < scans.length && scans[next]![0] < end; next++) {
        const [piece, ...rest] = scans[next]!;
        mine.push([piece - first, ...rest]);
      }
      first = end;
      return new Promise<WorkerReply>((resolve, reject) => {
        const done = (reply: WorkerReply) =>
          reply.error === undefined ? resolve(reply) : reject(new Error(reply.error));
        const message = {
          texts: batch,
          ...(mine.length > 0 ? { scans: mine } : {}),
          ...(keys ? { keys: true } : {}),
        };
        this.queue.push({ message, resolve: done, reject });
      });
    });
    this.dispatch();
    const replies = await Promise.all(promises);
    return {
      counts: replies.flatMap((reply) => reply.counts ?? []),
      findings: scans.length > 0 ? replies.flatMap((reply) => reply.findings ?? []) : null,
      keys: keys ? replies.flatMap((reply) => reply.keys ?? []) : null,
    };
  }

  /**
   * One directory's entries (as NodeFileProvider.list), listed by a worker: the scan's
   * readdir and per-file stats run off the main thread, on every worker at once. Listings
   * go ahead of queued counting batches. While no worker is ready and free (a worker is
   * ready once started and its tokenizer loaded: ~0.1 s for an OpenAI encoding, decision
   * 083), this thread lists by itself instead of waiting idle (decision 065).
   */
  listDirectory(absolute: string): Promise<DirectoryListing> {
    if (this.closed) return Promise.reject(new Error('TokenizerPool is closed'));
    if (!this.slots.some((slot) => slot.ready && !slot.busy)) {
      return (this.breathe() ?? RESOLVED).then(() => listDirectory(absolute));
    }
    const promise = new Promise<DirectoryListing>((resolve, reject) => {
      const done = (reply: WorkerReply) => {
        if (reply.error !== undefined) {
          reject(Object.assign(new Error(reply.error), { code: reply.code }));
          return;
        }
        const { names, kinds, sizes, mtimes, hasSymlinks } = reply.listing!;
        const entries = names.map((name, i) => ({
          name,
          kind: kinds[i] === 1 ? ('directory' as const) : ('file' as const),
          size: sizes[i]!,
          mtime: mtimes[i]!,
        }));
        resolve({ entries, hasSymlinks });
      };
      this.listQueue.push({ message: { list: absolute }, resolve: done, reject });
    });
    this.dispatch();
    return promise;
  }

  /**
   * Lets the event loop turn if it has not for EVENT_LOOP_TURN_MS while threads run: a pack
   * that lists, reads and assembles synchronously runs as one chain of microtasks, and would
   * otherwise take no reply (nor readiness) from the workers until it ends, each of them idle
   * after its first batch (decision 061). Nothing to wait for otherwise: a caller then goes
   * on in the same pass instead of awaiting a resolved promise once per segment.
   */
  breathe(): Promise<void> | undefined {
    if (this.slots.length === 0 || performance.now() - this.lastTurn < EVENT_LOOP_TURN_MS) {
      return undefined;
    }
    this.turn ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.turn = null;
      this.lastTurn = performance.now();
    });
    return this.turn;
  }

  /** A worker that cannot start or crashes fails every pending batch (callers fall back). */
  private fail(error: unknown): void {
    this.failure = error;
    for (const slot of this.slots) {
      slot.busy?.reject(error);
      slot.busy = null;
    }
    for (const job of [...this.listQueue.splice(0), ...this.queue.splice(0)]) job.reject(error);
  }

  private dispatch(): void {
    if (this.failure !== undefined) {
      this.fail(this.failure);
      return;
    }
    if (this.slots.length === 0 && this.queue.length > 0) this.start();
    for (const slot of this.slots) {
      if (slot.busy) continue;
      // A thread still loading its tokenizer takes counting batches (it answers them once
      // loaded, as before), never a listing the scan waits on.
      const job = (slot.ready ? this.listQueue.shift() : undefined) ?? this.queue.shift();
      if (!job) continue;
      slot.busy = job;
      slot.worker.postMessage({ id: 0, ...job.message });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
