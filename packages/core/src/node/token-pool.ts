import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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
 * Under tsx or vitest the worker module is TypeScript, which Node 20 cannot load by itself
 * (a loader given through execArgv registers too late in a worker): a tiny eval'd entry
 * registers tsx in the thread first, then imports the worker.
 */
function startWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  // createRequire resolves the CommonJS build; the thread needs the ESM one beside it.
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const api = pathToFileURL(cjs.replace(/\.cjs$/, '.mjs')).href;
  const entry = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(entry, { eval: true });
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
    const url = new URL('./token-worker.ts', import.meta.url);
    for (let i = 0; i < size; i++) {
      const worker = startWorker(url);
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
