import type { TokenizerId } from '@promptloom/core';

/** Messages between the page and the tokenizer worker. */
export interface CountRequest {
  id: number;
  texts: string[];
  /** The tokenizer of the model in use (core/src/models/presets.ts). */
  tokenizer: TokenizerId;
}

/**
 * `hashes`: each text's core hashText, computed by the worker's count cache anyway; the page
 * keeps it in its own count cache instead of hashing every counted file again on its thread.
 */
export type CountResponse =
  { id: number; counts: number[]; hashes: string[] } | { id: number; error: string };
