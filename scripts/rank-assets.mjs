// `node scripts/rank-assets.mjs`: regenerates packages/core/assets/tokenizers/*.ranks, the BPE
// ranks of cl100k_base and o200k_base in the compact form the counting threads read
// (packages/core/src/tokens/rank-table.js, decision 083), from gpt-tokenizer's ranks. Run it
// after upgrading gpt-tokenizer: a core test fails while an asset differs from its ranks.
import { writeFileSync } from 'node:fs';

const core = new URL('../packages/core/', import.meta.url);
const { encodeRankAsset } = await import(new URL('src/tokens/rank-table.js', core).href);

for (const id of ['cl100k_base', 'o200k_base']) {
  const encoding = (await import(`gpt-tokenizer/encoding/${id}`)).default;
  const asset = encodeRankAsset(encoding);
  writeFileSync(new URL(`assets/tokenizers/${id}.ranks`, core), asset);
  console.log(`${id}.ranks: ${asset.length} bytes`);
}
