// `node --import tsx bench/exactness.ts`: the counters of core/src/tokens against their
// references on every file of the bench corpora and on each corpus as one prompt (all its
// files joined): the OpenAI encodings against tiktoken, exactly; then counting speed (MB/s)
// of each tokenizer family beside its reference, and the download size of each vocabulary
// asset. Exits 1 on any difference. Open models (`--open`) are slow to check (their published
// tokenizer runs at well under 1 MB/s), so they are timed on a sample unless asked.
import { readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TokenizerLoader } from '@lenml/tokenizers';
import { get_encoding } from 'tiktoken';
import { OPEN_TOKENIZER_IDS } from '../packages/core/src/models/presets';
import { loadNodeRanks, loadNodeVocab as loadVocab } from '../packages/core/src/node/vocab.js';
import { loadTokenCount } from '../packages/core/src/tokens/load-token-count.js';
import { rankAssetUrl, vocabAssetUrl } from '../packages/core/src/tokens/vocab-assets.js';
import { ensureCorpora } from './corpora';

const OPEN_MODELS = OPEN_TOKENIZER_IDS;
const checkOpenModels = process.argv.includes('--open');

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const sum = (a: number[]) => a.reduce((s, n) => s + n, 0);
const mbPerS = (chars: number, ms: number) => (chars / 1e6 / (ms / 1000)).toFixed(2);

function timed(count: (text: string) => number, texts: readonly string[]): number {
  const started = performance.now();
  for (const t of texts) count(t);
  return performance.now() - started;
}

const speedRows: string[] = [];
let failures = 0;
const corpora = await ensureCorpora();
for (const name of ['cl100k_base', 'o200k_base'] as const) {
  // As the counting threads load it: from the rank asset (decision 083).
  const fast = await loadTokenCount(name, loadVocab, loadNodeRanks);
  const tiktoken = get_encoding(name);
  const reference = (text: string) => tiktoken.encode_ordinary(text).length;
  for (const corpus of corpora) {
    const paths = await filesOf(corpus.dir);
    const texts = paths.map((p) => readFileSync(p, 'utf8'));
    const ours = texts.map(fast);
    const theirs = texts.map(reference);
    const differing = paths.filter((_, i) => ours[i] !== theirs[i]);
    const whole = texts.join('\n');
    const wholeOurs = fast(whole);
    const wholeTheirs = reference(whole);
    failures += differing.length + (wholeOurs === wholeTheirs ? 0 : 1);
    console.log(
      `${name} ${corpus.name}: ${paths.length} files, ${differing.length} differ from tiktoken; tokens ${sum(ours)} vs ${sum(theirs)}; whole corpus as one prompt ${wholeOurs} vs ${wholeTheirs}`,
    );
    for (const p of differing.slice(0, 10)) console.log(`  differs: ${p}`);
    // Timed on a second pass (both warm), one thread.
    const chars = sum(texts.map((t) => t.length));
    const ms = timed(fast, texts);
    const referenceMs = timed(reference, texts);
    speedRows.push(
      `| ${name} | ${corpus.name} | ${mbPerS(chars, ms)} | tiktoken ${mbPerS(chars, referenceMs)} | ${(referenceMs / ms).toFixed(1)}x |`,
    );
  }
  tiktoken.free();
}

// Open models: the counter is their published tokenizer (tokens/open-model-counter.js), loaded from
// the vocabulary asset; the reference is the same tokenizer built from the same JSON without
// the registry and worker path. A sample of files (or all with --open) of the first corpus.
const sample = await filesOf(corpora[0]!.dir);
const sampleTexts = sample
  .map((p) => readFileSync(p, 'utf8'))
  .slice(0, checkOpenModels ? undefined : 200);
for (const id of OPEN_MODELS) {
  const fast = await loadTokenCount(id, loadVocab);
  const { tokenizerJSON, tokenizerConfig } = (await loadVocab(vocabAssetUrl(id)!)) as {
    tokenizerJSON: object;
    tokenizerConfig: object;
  };
  const published = TokenizerLoader.fromPreTrained({ tokenizerJSON, tokenizerConfig });
  const reference = (text: string) => published.encode(text, { add_special_tokens: false }).length;
  const ours = sampleTexts.map(fast);
  const differing = sampleTexts.filter((t, i) => ours[i] !== reference(t)).length;
  failures += differing;
  const chars = sum(sampleTexts.map((t) => t.length));
  console.log(
    `${id} ${corpora[0]!.name}: ${sampleTexts.length} files, ${differing} differ from the published tokenizer; tokens ${sum(ours)}`,
  );
  const ms = timed(fast, sampleTexts);
  const referenceMs = timed(reference, sampleTexts);
  speedRows.push(
    `| ${id} | ${corpora[0]!.name} (${sampleTexts.length} files) | ${mbPerS(chars, ms)} | published ${mbPerS(chars, referenceMs)} | ${(referenceMs / ms).toFixed(1)}x |`,
  );
}

console.log('\n| tokenizer | corpus | MB/s (ours, one thread, warm) | reference MB/s | speed-up |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const row of speedRows) console.log(row);
console.log('\n| vocabulary asset | download |');
console.log('| --- | ---: |');
for (const id of OPEN_MODELS) {
  const bytes = statSync(vocabAssetUrl(id)!).size;
  console.log(`| ${id} | ${(bytes / 1e6).toFixed(2)} MB (gzip) |`);
}
// The OpenAI encodings' rank assets (decision 083): raw bytes, as the tokenizer worker reads them.
for (const id of ['cl100k_base', 'o200k_base']) {
  const bytes = statSync(rankAssetUrl(id)!).size;
  console.log(`| ${id} | ${(bytes / 1e6).toFixed(2)} MB (rank asset) |`);
}
process.exit(failures === 0 ? 0 : 1);
