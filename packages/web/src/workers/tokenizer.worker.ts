/// <reference lib="webworker" />
import { asAsyncCounter, CachedTokenCounter } from '@promptloom/core';
import { cl100kCounter } from '@promptloom/core/tokenizer';
import type { CountRequest, CountResponse } from './tokenizer-protocol';

/**
 * cl100k_base counting off the main thread (SPEC §9), so typing and scanning never wait on
 * the tokenizer. Counts are cached by content hash for the worker's lifetime: a text seen
 * once (an unchanged file, the same request) is never tokenized again.
 */
const counter = new CachedTokenCounter(asAsyncCounter(cl100kCounter));
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<CountRequest>) => {
  const { id, texts } = event.data;
  let response: CountResponse;
  try {
    response = { id, counts: await counter.countMany(texts) };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
