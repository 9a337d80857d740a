// Plain JavaScript, like the counter it wraps: loaded as is by worker threads, bundled by Vite
// into the browser's tokenizer worker as a chunk of its own (fetched when first picked).
import o200k from 'gpt-tokenizer/encoding/o200k_base';
import { createO200kCounter } from './o200k-from-ranks.js';
import { createRankTable, encodeRankAsset } from './rank-table.js';

let count = null;

/**
 * o200k_base count of a text, exactly tiktoken's `encode_ordinary(text).length`, from
 * gpt-tokenizer's ranks (the threads that count whole prompts read the rank asset instead:
 * load-token-count.js, decision 083).
 */
export function countO200k(text) {
  count ??= createO200kCounter(createRankTable(encodeRankAsset(o200k)));
  return count(text);
}
