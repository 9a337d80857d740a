import { OPEN_TOKENIZER_IDS, type TokenizerId } from '../models/presets';

/**
 * Tokenizers whose vocabulary is a separate asset (tokens/vocab-assets.js), fetched on first
 * use: an open model's tokenizer holds tens of MB once parsed, so the browser loads it in one
 * worker only. Whether a tokenizer counts exactly is `tokenizerIsExact` (models/choice.ts).
 */
export function needsVocabAsset(id: TokenizerId): boolean {
  return (OPEN_TOKENIZER_IDS as readonly TokenizerId[]).includes(id);
}
