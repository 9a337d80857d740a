import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TOKEN_LONG_RUN_CHARS, TOKEN_LONG_RUN_CHUNK_CHARS } from '../limits';
import type { AsyncTokenCounter } from '../tokens/counter';

/** Characters sent to a worker per message: big enough to amortise, small enough to balance. */
const BATCH_CHARS = 256 * 1024;
const BATCH_TEXTS = 256;

interface Batch {
  texts: string[];
  resolve: (counts: number[]) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  busy: Batch | null;
}

/**
 * cl100k_base counting on worker threads, one per core by default, each loading the
 * tokenizer once. Work is queued in batches and taken by whichever worker is free, so one
 * slow file never holds the others back.
 */
export class TokenizerPool implements AsyncTokenCounter {
  private readonly slots: Slot[] = [];
  private readonly queue: Batch[] = [];
  private closed = false;
  private failure: unknown = undefined;

  constructor(readonly size = availableParallelism()) {
    // Plain JavaScript: it loads natively under tsx, vitest or compiled code alike.
    const url = new URL('./token-worker.js', import.meta.url);
    const workerData = { longRun: TOKEN_LONG_RUN_CHARS, chunk: TOKEN_LONG_RUN_CHUNK_CHARS };
    for (let i = 0; i < size; i++) {
      // No inherited loaders (tsx): the worker is plain JavaScript and starts faster without.
      const worker = new Worker(url, { workerData, execArgv: [] });
      const slot: Slot = { worker, busy: null };
      worker.on('message', (message: { counts: number[] }) => {
        const batch = slot.busy;
        slot.busy = null;
        batch?.resolve(message.counts);
        this.dispatch();
      });
      worker.on('error', (error) => this.fail(error));
      this.slots.push(slot);
    }
  }

  async countMany(texts: readonly string[]): Promise<number[]> {
    if (this.closed) throw new Error('TokenizerPool is closed');
    const promises: Promise<number[]>[] = [];
    let texts_: string[] = [];
    let chars = 0;
    const flush = () => {
      const batchTexts = texts_;
      promises.push(
        new Promise<number[]>((resolve, reject) => {
          this.queue.push({ texts: batchTexts, resolve, reject });
        }),
      );
      texts_ = [];
      chars = 0;
    };
    for (const text of texts) {
      texts_.push(text);
      chars += text.length;
      if (chars >= BATCH_CHARS || texts_.length >= BATCH_TEXTS) flush();
    }
    if (texts_.length > 0) flush();
    this.dispatch();
    return (await Promise.all(promises)).flat();
  }

  /** A worker that cannot start or crashes fails every pending batch (callers fall back). */
  private fail(error: unknown): void {
    this.failure = error;
    for (const slot of this.slots) {
      slot.busy?.reject(error);
      slot.busy = null;
    }
    for (const batch of this.queue.splice(0)) batch.reject(error);
  }

  private dispatch(): void {
    if (this.failure !== undefined) {
      this.fail(this.failure);
      return;
    }
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const batch = this.queue.shift();
      if (!batch) return;
      slot.busy = batch;
      slot.worker.postMessage({ id: 0, texts: batch.texts });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
