// Plain JavaScript, like cl100k-from-ranks.js: loaded as is by worker threads, bundled by Vite
// into the browser's tokenizer worker as a chunk of its own (fetched when first picked).
import { createBpeCounter } from './bpe.js';
import { O200K_PATTERN } from './openai-patterns.js';
import { createPieceMemo } from './piece-memo.js';

const PIECES = new RegExp(O200K_PATTERN, 'gu');

/**
 * The o200k_base counter (GPT-4o, GPT-4.1, GPT-5) over a rank table (rank-table.js), exactly
 * tiktoken's `encode_ordinary(text).length`: tiktoken's pattern (openai-patterns.js) cuts the
 * pieces, each piece is counted once (memo) by the exact BPE of bpe.js. The pattern splits words at
 * case changes, which a hand scanner like cl100k's would have to reproduce rule by rule; the
 * regex is already most of cl100k's speed-up here because the memo skips the BPE.
 */
export function createO200kCounter(table) {
  const countPiece = createPieceMemo(createBpeCounter(table));
  return function countO200k(text) {
    let total = 0;
    PIECES.lastIndex = 0;
    for (let match = PIECES.exec(text); match !== null; match = PIECES.exec(text)) {
      const end = PIECES.lastIndex;
      const start = end - match[0].length;
      total += end - start === 1 && text.charCodeAt(start) < 128 ? 1 : countPiece(text, start, end);
    }
    return total;
  };
}
