import type { TokenizerId } from '../models/presets';

/**
 * Tokenizers whose vocabulary is a separate asset (tokens/vocab-assets.js), fetched on first
 * use: an open model's tokenizer holds tens of MB once parsed, so the browser loads it in one
 * worker only. Whether a tokenizer counts exactly is `tokenizerIsExact` (models/choice.ts).
 */
export function needsVocabAsset(id: TokenizerId): boolean {
  return id === 'llama3' || id === 'qwen3' || id === 'deepseek-v3' || id === 'gemma3';
}
