import {
  DEFAULT_TOKENIZER_ID,
  estimateTokens,
  needsVocabAsset,
  tokenizerBatches,
  type TokenizerId,
} from '@promptloom/core';
import { BROWSER_TOKENIZER_WORKERS_MAX } from '#web/config/limits.ts';
import type { CountRequest, CountResponse } from '#web/workers/tokenizer-protocol.ts';

/** Counts of a batch, with each text's hashText when a worker counted it (not the estimate). */
export interface HashedCounts {
  counts: number[];
  hashes: string[] | null;
}

interface Job {
  texts: string[];
  tokenizer: TokenizerId;
  resolve: (counted: HashedCounts) => void;
}

interface Slot {
  worker: Worker;
  busy: (Job & { id: number }) | null;
}

/**
 * Workers to start: one per core but one, so the page keeps a core for typing and
 * painting (at least one, at most BROWSER_TOKENIZER_WORKERS_MAX).
 */
export function tokenizerPoolSize(cores = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.max(1, Math.min(BROWSER_TOKENIZER_WORKERS_MAX, cores - 1));
}

/**
 * The page's side of the tokenizer Web Workers: texts are cut into batches that whichever
 * worker is free takes, so a large selection is counted on several cores and one long file
 * never holds the rest back. If a worker cannot start or fails, counts fall back to the
 * Estimate (cheap, linear) and `estimated` turns true.
 */
class TokenizerClient {
  private slots: Slot[] | null = null;
  private failed = false;
  private nextId = 1;
  private readonly queue: Job[] = [];
  estimated = false;

  private start(): Slot[] | null {
    if (this.slots || this.failed) return this.slots;
    const slots: Slot[] = [];
    try {
      for (let i = 0; i < tokenizerPoolSize(); i++) {
        const worker = new Worker(
          new URL('../../../../workers/tokenizer.worker.ts', import.meta.url),
          { type: 'module' },
        );
        const slot: Slot = { worker, busy: null };
        worker.onmessage = (event: MessageEvent<CountResponse>) => this.settle(slot, event.data);
        worker.onerror = (event) => {
          console.warn('Tokenizer worker failed; using the estimate.', event.message);
          this.fail();
        };
        slots.push(slot);
      }
    } catch (error) {
      console.warn('Tokenizer worker unavailable; using the estimate.', error);
      for (const slot of slots) slot.worker.terminate();
      this.fail();
      return null;
    }
    this.slots = slots;
    return slots;
  }

  private settle(slot: Slot, data: CountResponse) {
    const job = slot.busy;
    if (!job || job.id !== data.id) return;
    slot.busy = null;
    if ('counts' in data) {
      job.resolve({ counts: data.counts, hashes: data.hashes });
    } else {
      console.warn('Token counting failed; using the estimate.', data.error);
      this.estimated = true;
      job.resolve(estimated(job.texts));
    }
    this.dispatch();
  }

  /**
   * Free workers take the first queued job they may run. An open model's tokenizer holds a
   * vocabulary of tens of MB once parsed, so only the first worker loads it; the OpenAI
   * encodings run on every worker.
   */
  private dispatch() {
    (this.slots ?? []).forEach((slot, index) => {
      if (slot.busy) return;
      const at = this.queue.findIndex((job) => index === 0 || !needsVocabAsset(job.tokenizer));
      if (at === -1) return;
      const [job] = this.queue.splice(at, 1);
      const id = this.nextId++;
      slot.busy = { ...job!, id };
      const request: CountRequest = { id, texts: job!.texts, tokenizer: job!.tokenizer };
      slot.worker.postMessage(request);
    });
  }

  private fail() {
    this.failed = true;
    this.estimated = true;
    const pending = [
      ...(this.slots ?? []).flatMap((slot) => (slot.busy ? [slot.busy] : [])),
      ...this.queue.splice(0),
    ];
    for (const slot of this.slots ?? []) slot.worker.terminate();
    this.slots = null;
    for (const job of pending) job.resolve(estimated(job.texts));
  }

  /** Counts of `texts` by the tokenizer of the model in use (cl100k_base by default). */
  async countMany(
    texts: string[],
    tokenizer: TokenizerId = DEFAULT_TOKENIZER_ID,
  ): Promise<number[]> {
    return (await this.countManyHashed(texts, tokenizer)).counts;
  }

  /**
   * countMany, with each text's hashText as the worker computed it (null where any batch
   * fell back to the estimate: the caller hashes then, if it needs to).
   */
  countManyHashed(
    texts: string[],
    tokenizer: TokenizerId = DEFAULT_TOKENIZER_ID,
  ): Promise<HashedCounts> {
    if (texts.length === 0) return Promise.resolve({ counts: [], hashes: [] });
    if (!this.start()) return Promise.resolve(estimated(texts));
    const counted = tokenizerBatches(texts).map(
      (batch) =>
        new Promise<HashedCounts>((resolve) =>
          this.queue.push({ texts: batch, tokenizer, resolve }),
        ),
    );
    this.dispatch();
    return Promise.all(counted).then((batches) => ({
      counts: batches.flatMap((batch) => batch.counts),
      hashes: batches.every((batch) => batch.hashes !== null)
        ? batches.flatMap((batch) => batch.hashes!)
        : null,
    }));
  }
}

function estimated(texts: string[]): HashedCounts {
  return { counts: texts.map(estimateTokens), hashes: null };
}

export const tokenizer = new TokenizerClient();
