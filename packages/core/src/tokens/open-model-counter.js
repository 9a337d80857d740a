// Plain JavaScript, like the other counters: loaded as is by worker threads, and bundled by
// Vite into the browser's tokenizer worker as a chunk fetched when an open model is picked.
import { TokenizerLoader } from '@lenml/tokenizers';

/**
 * Counter of an open model from its published tokenizer (tokenizer.json and its config, as
 * the asset of scripts/tokenizer-assets.mjs holds them), run by @lenml/tokenizers (the
 * tokenizers of transformers.js): the model's own pre-tokenizer, normaliser and BPE, so the
 * count is the published tokenizer's by construction. Counted without special tokens (no
 * BOS), as the text costs inside a prompt.
 */
export function createOpenModelCounter(asset) {
  const tokenizer = TokenizerLoader.fromPreTrained({
    tokenizerJSON: asset.tokenizerJSON,
    tokenizerConfig: asset.tokenizerConfig,
  });
  return (text) =>
    text.length === 0 ? 0 : tokenizer.encode(text, { add_special_tokens: false }).length;
}
