import type { TokenizerId } from '@promptloom/core';

/** Messages between the page and the tokenizer worker. */
export interface CountRequest {
  id: number;
  texts: string[];
  /** The tokenizer of the model in use (core/src/models/presets.ts). */
  tokenizer: TokenizerId;
}

export type CountResponse = { id: number; counts: number[] } | { id: number; error: string };
