// Plain JavaScript: read by the Node worker threads as is and by Vite, which turns each
// `new URL('…', import.meta.url)` below into a hashed static asset of the web build.

/**
 * URL of each open model's vocabulary: one gzip'd JSON (scripts/tokenizer-assets.mjs made
 * them from the published tokenizers), fetched by the browser's tokenizer worker the first
 * time a model using it is picked, read from disk by Node. Written out one by one because
 * Vite only rewrites literal paths.
 */
export function vocabAssetUrl(id) {
  switch (id) {
    case 'llama3':
      return new URL('../../assets/tokenizers/llama3.json.gz', import.meta.url);
    case 'qwen3':
      return new URL('../../assets/tokenizers/qwen3.json.gz', import.meta.url);
    case 'deepseek-v3':
      return new URL('../../assets/tokenizers/deepseek-v3.json.gz', import.meta.url);
    case 'gemma3':
      return new URL('../../assets/tokenizers/gemma3.json.gz', import.meta.url);
    default:
      return null;
  }
}

/**
 * URL of an OpenAI encoding's rank asset (rank-table.js; scripts/rank-assets.mjs writes them
 * from gpt-tokenizer's ranks), read by the threads that count instead of gpt-tokenizer's
 * vocabulary module (decision 083). Null for the other tokenizers.
 */
export function rankAssetUrl(id) {
  switch (id) {
    case 'cl100k_base':
      return new URL('../../assets/tokenizers/cl100k_base.ranks', import.meta.url);
    case 'o200k_base':
      return new URL('../../assets/tokenizers/o200k_base.ranks', import.meta.url);
    default:
      return null;
  }
}
