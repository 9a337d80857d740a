// Plain JavaScript, like the counter it wraps: loaded as is by worker threads.
import cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import { createCl100kCounter } from './cl100k-from-ranks.js';
import { createRankTable, encodeRankAsset } from './rank-table.js';

let count = null;

/**
 * cl100k_base count of a text, exactly tiktoken's `encode_ordinary(text).length`, for code
 * that counts synchronously where it runs. Its ranks come from gpt-tokenizer's module; the
 * worker threads that count whole prompts read the same ranks from the rank asset instead
 * (load-token-count.js, decision 083).
 */
export function countCl100k(text) {
  count ??= createCl100kCounter(createRankTable(encodeRankAsset(cl100k)));
  return count(text);
}
