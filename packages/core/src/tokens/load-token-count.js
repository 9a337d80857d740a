// Plain JavaScript: the Node worker threads load it as is; the browser's tokenizer worker
// imports it through Vite, which makes each `import()` below a chunk of its own, fetched only
// when a model using that tokenizer is first picked (never on first paint).
import { rankAssetUrl, vocabAssetUrl } from './vocab-assets.js';

/**
 * The counter of an OpenAI encoding from its rank asset (decision 083), without loading
 * gpt-tokenizer's vocabulary module.
 */
async function fromRanks(id, loadRanks) {
  const [{ createRankTable }, createCounter, asset] = await Promise.all([
    import('./rank-table.js'),
    id === 'o200k_base'
      ? import('./o200k-from-ranks.js').then((m) => m.createO200kCounter)
      : import('./cl100k-from-ranks.js').then((m) => m.createCl100kCounter),
    loadRanks(rankAssetUrl(id)),
  ]);
  return createCounter(createRankTable(asset));
}

/**
 * The count function of a tokenizer id (core/src/models/presets.ts), loaded on first use.
 * `loadVocab(url)` reads an open model's vocabulary asset (fetch in the browser, the file in
 * Node) and resolves to its parsed JSON; `loadRanks(url)`, where given, reads an OpenAI
 * encoding's rank asset as bytes (else those encodings load gpt-tokenizer's module). Unknown
 * ids fall back to cl100k_base.
 */
export async function loadTokenCount(id, loadVocab, loadRanks) {
  switch (id) {
    case 'o200k_base':
      if (loadRanks) return fromRanks(id, loadRanks);
      return (await import('./count-o200k.js')).countO200k;
    case 'claude-estimate': {
      const [{ claudeEstimateOf }, count] = await Promise.all([
        import('./claude-estimate.js'),
        loadRanks
          ? fromRanks('cl100k_base', loadRanks)
          : import('./count-cl100k.js').then((m) => m.countCl100k),
      ]);
      return claudeEstimateOf(count);
    }
    default: {
      // The open models (OPEN_TOKENIZER_IDS): the ids that have a vocabulary asset.
      const url = vocabAssetUrl(id);
      if (!url) {
        if (loadRanks) return fromRanks('cl100k_base', loadRanks);
        return (await import('./count-cl100k.js')).countCl100k;
      }
      const [{ createOpenModelCounter }, asset] = await Promise.all([
        import('./open-model-counter.js'),
        loadVocab(url),
      ]);
      return createOpenModelCounter(asset);
    }
  }
}
