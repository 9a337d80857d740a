import { estimateTokens } from '@promptloom/core';
import type { CountRequest, CountResponse } from '../../../workers/tokenizer-protocol';

type Pending = { resolve: (counts: number[]) => void; texts: string[] };

/**
 * The page's side of the tokenizer worker. If the worker cannot start or fails, counts
 * fall back to the SPEC §9 estimate (cheap, linear) and `estimated` turns true.
 */
class TokenizerClient {
  private worker: Worker | null = null;
  private failed = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  estimated = false;

  private start(): Worker | null {
    if (this.worker || this.failed) return this.worker;
    try {
      this.worker = new Worker(new URL('../../../workers/tokenizer.worker.ts', import.meta.url), {
        type: 'module',
      });
      this.worker.onmessage = (event: MessageEvent<CountResponse>) => this.settle(event.data);
      this.worker.onerror = (event) => {
        console.warn('Tokenizer worker failed; using the estimate.', event.message);
        this.fail();
      };
    } catch (error) {
      console.warn('Tokenizer worker unavailable; using the estimate.', error);
      this.fail();
    }
    return this.worker;
  }

  private settle(data: CountResponse) {
    const entry = this.pending.get(data.id);
    if (!entry) return;
    this.pending.delete(data.id);
    if ('counts' in data) {
      entry.resolve(data.counts);
    } else {
      console.warn('Token counting failed; using the estimate.', data.error);
      this.estimated = true;
      entry.resolve(entry.texts.map(estimateTokens));
    }
  }

  private fail() {
    this.failed = true;
    this.estimated = true;
    this.worker?.terminate();
    this.worker = null;
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      entry.resolve(entry.texts.map(estimateTokens));
    }
  }

  countMany(texts: string[]): Promise<number[]> {
    if (texts.length === 0) return Promise.resolve([]);
    const worker = this.start();
    if (!worker) return Promise.resolve(texts.map(estimateTokens));
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, texts });
      worker.postMessage({ id, texts } satisfies CountRequest);
    });
  }
}

export const tokenizer = new TokenizerClient();
