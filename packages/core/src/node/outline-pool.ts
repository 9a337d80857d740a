import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { workerClass } from './worker-threads';
import {
  outlineWith,
  type OutlineInput,
  type OutlineJob,
  type Outliner,
} from '../outline/outliner';

interface Batch {
  jobs: OutlineJob[];
  resolve: (outlines: (string | null)[]) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  busy: Batch | null;
}

/**
 * Outlines on worker threads (one per core by default). Workers start on the first file
 * that has an outline language, and each loads a grammar the first time it meets it.
 */
export class OutlinePool implements Outliner {
  private readonly slots: Slot[] = [];
  private readonly queue: Batch[] = [];
  private closed = false;

  constructor(readonly size = availableParallelism()) {}

  outlineMany(files: readonly OutlineInput[]): Promise<(string | null)[]> {
    if (this.closed) return Promise.reject(new Error('OutlinePool is closed'));
    return outlineWith(
      files,
      (jobs) =>
        new Promise((resolve, reject) => {
          this.queue.push({ jobs, resolve, reject });
          this.dispatch();
        }),
    );
  }

  private start(): void {
    const url = new URL('./outline-worker.js', import.meta.url);
    const Thread = workerClass();
    for (let i = 0; i < this.size; i++) {
      const worker = new Thread(url, { execArgv: [] });
      const slot: Slot = { worker, busy: null };
      worker.on('message', (reply: { outlines: (string | null)[] }) => {
        const batch = slot.busy;
        slot.busy = null;
        batch?.resolve(reply.outlines);
        this.dispatch();
      });
      worker.on('error', (error) => this.fail(error));
      this.slots.push(slot);
    }
  }

  /**
   * A worker that cannot start or crashes fails every pending batch; the workers are let go,
   * so the next call starts fresh ones instead of waiting on a dead thread.
   */
  private fail(error: unknown): void {
    for (const slot of this.slots.splice(0)) {
      slot.busy?.reject(error);
      void slot.worker.terminate();
    }
    for (const batch of this.queue.splice(0)) batch.reject(error);
  }

  private dispatch(): void {
    if (this.slots.length === 0 && this.queue.length > 0) this.start();
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const batch = this.queue.shift();
      if (!batch) return;
      slot.busy = batch;
      slot.worker.postMessage({ id: 0, jobs: batch.jobs });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
