import { TOKENIZER_BATCH_TEXTS, estimateTokens, hashText } from '@promptloom/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Stubs Worker with fakes that answer each batch a tick later, each text counted by `count`
 * and hashed as the real worker does; `received` lists the batches, by worker and tokenizer.
 */
function stubWorkers(count: (text: string) => number) {
  const received: { worker: number; tokenizer: string }[] = [];
  let started = 0;
  class FakeWorker {
    readonly index = started++;
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: ErrorEvent) => void) | null = null;
    postMessage({ id, texts, tokenizer }: { id: number; texts: string[]; tokenizer: string }) {
      received.push({ worker: this.index, tokenizer });
      setTimeout(() => {
        const data = { id, counts: texts.map(count), hashes: texts.map(hashText) };
        this.onmessage?.({ data } as MessageEvent);
      }, 0);
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  return { received, started: () => started };
}

describe('tokenizer client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('falls back to the character-based estimate when the worker cannot start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('no workers here');
        }
      },
    );
    const { tokenizer } = await import('./tokenizer-client');
    const texts = ['hello world', 'const x = { a: [1, 2, 3] };'];
    expect(await tokenizer.countMany(texts)).toEqual(texts.map(estimateTokens));
    expect(tokenizer.estimated).toBe(true);
    expect(warn).toHaveBeenCalled();
    // No worker hashed them: the caller is told to hash them itself.
    expect(await tokenizer.countManyHashed(texts)).toEqual({
      counts: texts.map(estimateTokens),
      hashes: null,
    });
  });

  it('answers with the worker counts and hashes, matching requests by id', async () => {
    stubWorkers((text) => text.length);
    const { tokenizer } = await import('./tokenizer-client');
    const [a, b] = await Promise.all([
      tokenizer.countMany(['abc']),
      tokenizer.countManyHashed(['abcdef', 'x']),
    ]);
    expect(a).toEqual([3]);
    expect(b).toEqual({ counts: [6, 1], hashes: [hashText('abcdef'), hashText('x')] });
    expect(tokenizer.estimated).toBe(false);
  });

  it('spreads a large count over the pool and keeps the counts in order', async () => {
    const { received, started } = stubWorkers((text) => text.length);
    vi.stubGlobal('navigator', { hardwareConcurrency: 3 });
    const { tokenizer } = await import('./tokenizer-client');
    const texts = Array.from({ length: TOKENIZER_BATCH_TEXTS * 4 }, (_, i) => 'x'.repeat(i % 7));
    expect(await tokenizer.countMany(texts)).toEqual(texts.map((t) => t.length));
    expect(started()).toBe(2);
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.worker))).toEqual(new Set([0, 1]));
  });

  it('sends the tokenizer id; an open model is counted on the first worker only', async () => {
    const { received } = stubWorkers(() => 1);
    vi.stubGlobal('navigator', { hardwareConcurrency: 3 });
    const { tokenizer } = await import('./tokenizer-client');
    const texts = Array.from({ length: TOKENIZER_BATCH_TEXTS * 3 }, () => 'x');
    await Promise.all([tokenizer.countMany(texts, 'llama3'), tokenizer.countMany(['a'])]);
    await tokenizer.countMany(texts, 'o200k_base');
    const llama = received.filter((r) => r.tokenizer === 'llama3');
    expect(llama).toHaveLength(3);
    expect(new Set(llama.map((r) => r.worker))).toEqual(new Set([0]));
    // cl100k_base by default, taken by the free second worker meanwhile.
    expect(received.find((r) => r.tokenizer === 'cl100k_base')?.worker).toBe(1);
    const o200k = received.filter((r) => r.tokenizer === 'o200k_base');
    expect(new Set(o200k.map((r) => r.worker))).toEqual(new Set([0, 1]));
  });

  it('answers what was pending with the estimate when a worker fails', async () => {
    const workers: { onerror: ((event: ErrorEvent) => void) | null }[] = [];
    class SilentWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: ((event: ErrorEvent) => void) | null = null;
      constructor() {
        workers.push(this);
      }
      postMessage() {}
      terminate() {}
    }
    vi.stubGlobal('Worker', SilentWorker);
    const { tokenizer } = await import('./tokenizer-client');
    const texts = ['one two three', 'four'];
    const counting = tokenizer.countMany(texts);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    workers[0]!.onerror?.({ message: 'boom' } as ErrorEvent);
    expect(await counting).toEqual(texts.map(estimateTokens));
    expect(tokenizer.estimated).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Tokenizer worker failed'), 'boom');
  });
});

describe('tokenizerPoolSize', () => {
  it('leaves a core to the page, with one worker at least and four at most', async () => {
    const { tokenizerPoolSize } = await import('./tokenizer-client');
    expect(tokenizerPoolSize(1)).toBe(1);
    expect(tokenizerPoolSize(2)).toBe(1);
    expect(tokenizerPoolSize(4)).toBe(3);
    expect(tokenizerPoolSize(16)).toBe(4);
  });
});
