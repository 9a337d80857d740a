/// <reference lib="webworker" />
import { asAsyncCounter, CachedTokenCounter, type TokenizerId } from '@promptloom/core';
import { loadTokenCount } from '@promptloom/core/load-token-count';
import type { CountRequest, CountResponse } from './tokenizer-protocol';
import { warmUp } from './tokenizer-warm-up';

/**
 * An open model's vocabulary: one gzip'd JSON asset, fetched the first time that model is
 * picked. Decompressed here, so it works whether or not the server marks it gzip-encoded
 * (then the browser has already inflated it and the magic bytes are gone).
 */
async function fetchVocab(url: URL): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Tokenizer vocabulary: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return JSON.parse(new TextDecoder().decode(bytes));
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(inflated).json();
}

/** An OpenAI encoding's rank asset (decision 083): raw bytes, fetched once per worker. */
async function fetchRanks(url: URL): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Tokenizer ranks: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Token counting off the main thread, so typing and scanning never wait on the
 * tokenizer. Each tokenizer loads on its first request (its code and vocabulary are chunks
 * of their own, never part of first paint). Counts are cached by content hash, one cache per
 * tokenizer, for the worker's lifetime: a text seen once is never tokenized again.
 */
const counters = new Map<TokenizerId, Promise<CachedTokenCounter>>();
function counterFor(tokenizer: TokenizerId): Promise<CachedTokenCounter> {
  let counter = counters.get(tokenizer);
  if (!counter) {
    counter = loadTokenCount(tokenizer, fetchVocab, fetchRanks).then((count) => {
      const cached = new CachedTokenCounter(asAsyncCounter({ count }));
      warmUp(cached);
      return cached;
    });
    // A failed load (offline) is tried again on the next request.
    counter.catch(() => counters.delete(tokenizer));
    counters.set(tokenizer, counter);
  }
  return counter;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<CountRequest>) => {
  const { id, texts, tokenizer } = event.data;
  let response: CountResponse;
  try {
    const counter = await counterFor(tokenizer);
    const { counts, keys } = await counter.countManyDetailed(texts);
    response = { id, counts, hashes: keys };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
