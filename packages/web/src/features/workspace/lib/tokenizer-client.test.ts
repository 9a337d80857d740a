import { estimateTokens } from '@promptloom/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('tokenizer client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('falls back to the SPEC §9 estimate when the worker cannot start', async () => {
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
  });

  it('answers with the worker counts, matching requests by id', async () => {
    class FakeWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: ((event: ErrorEvent) => void) | null = null;
      postMessage({ id, texts }: { id: number; texts: string[] }) {
        setTimeout(() => {
          this.onmessage?.({ data: { id, counts: texts.map((t) => t.length) } } as MessageEvent);
        }, 0);
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', FakeWorker);
    const { tokenizer } = await import('./tokenizer-client');
    const [a, b] = await Promise.all([
      tokenizer.countMany(['abc']),
      tokenizer.countMany(['abcdef', 'x']),
    ]);
    expect(a).toEqual([3]);
    expect(b).toEqual([6, 1]);
    expect(tokenizer.estimated).toBe(false);
  });
});
