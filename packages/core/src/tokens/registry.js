// Plain JavaScript: the Node worker threads load it as is; the browser's tokenizer worker
// imports it through Vite, which makes each `import()` below a chunk of its own, fetched only
// when a model using that tokenizer is first picked (never on first paint).
import { vocabAssetUrl } from './vocab-assets.js';

/**
 * The count function of a tokenizer id (core/src/models/presets.ts), loaded on first use.
 * `loadVocab(url)` reads an open model's vocabulary asset (fetch in the browser, the file in
 * Node) and resolves to its parsed JSON. Unknown ids fall back to cl100k_base.
 */
export async function loadTokenCount(id, loadVocab) {
  switch (id) {
    case 'o200k_base':
      return (await import('./count-o200k.js')).countO200k;
    case 'claude-estimate':
      return (await import('./claude-estimate.js')).estimateClaudeTokens;
    default: {
      // The open models (OPEN_TOKENIZER_IDS): the ids that have a vocabulary asset.
      const url = vocabAssetUrl(id);
      if (!url) return (await import('./count-cl100k.js')).countCl100k;
      const [{ createOpenModelCounter }, asset] = await Promise.all([
        import('./count-open.js'),
        loadVocab(url),
      ]);
      return createOpenModelCounter(asset);
    }
  }
}
