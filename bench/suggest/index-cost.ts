// The index worker's per-file CPU in Node, phase by phase, on a folder held in memory:
// `node --expose-gc --import tsx bench/suggest/index-cost.ts DIR [rounds]`. Each round runs
// what the worker runs per file in a first build (decode, then core's indexFileHashed: the
// entry and the text hash, read in one scan) and prints its times,
// ms per MB of text, and a digest of the packed record the worker stores (every string and
// typed array, passages included), so two versions of the indexer can be compared for
// identical contents. Then indexFile's parts on their own: the term scan (with passages),
// the lexical definitions, the imports and the flags. Round 0 starts with an empty identifier table,
// as a worker's first build does.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { indexFileHashed, FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';
import { decodeFile } from '@promptloom/core/files/read';
import { flagDefinitions } from '../../packages/core/src/suggest/flags';
import { lexicalDefinitions, lexicalImports } from '../../packages/core/src/suggest/lexical';
import { PASSAGE_LINES } from '../../packages/core/src/suggest/passages';
import { termHashCounts } from '../../packages/core/src/suggest/term-hash-counts';
import { packIndex, type StoredEntry } from '../../packages/web/src/workers/suggest-index-pack';
import { filesUnder } from '../lab/folder-files';

const [dir, roundsArg] = process.argv.slice(2) as [string, string | undefined];
const rounds = Number(roundsArg ?? 3);
const MAX_TEXT = 512 * 1024;

const paths = await filesUnder(dir);
const files = paths.map((path) => ({
  path: relative(dir, path),
  bytes: new Uint8Array(readFileSync(path)),
  mtime: statSync(path).mtimeMs,
}));
const texts: { path: string; text: string }[] = [];
for (const file of files) {
  if (file.bytes.length > FILE_SIZE_LIMIT_BYTES) continue;
  const decoded = decodeFile(file.bytes, FILE_SIZE_LIMIT_BYTES);
  if (decoded && 'text' in decoded) texts.push({ path: file.path, text: decoded.text });
}
const mb = texts.reduce((sum, { text }) => sum + Math.min(text.length, MAX_TEXT), 0) / 1e6;
console.log(
  `${files.length} files, ${(files.reduce((s, f) => s + f.bytes.length, 0) / 1e6).toFixed(1)} MB; ${texts.length} texts, ${mb.toFixed(1)} M chars indexed`,
);

function digestOf(records: Map<string, StoredEntry>): string {
  const packed = packIndex(records);
  const digest = createHash('sha256');
  digest.update(packed.strings);
  for (const value of Object.values(packed)) {
    if (ArrayBuffer.isView(value)) {
      digest.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    }
  }
  return digest.digest('hex').slice(0, 16);
}

const perMb = (ms: number) => `${(ms / mb).toFixed(1)} ms/MB`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

for (let round = 0; round < rounds; round++) {
  let decodeMs = 0;
  let indexMs = 0;
  let indexCpu = 0;
  const records = new Map<string, StoredEntry>();
  gc();
  const cpu = process.cpuUsage();
  for (const file of files) {
    let t = performance.now();
    const decoded =
      file.bytes.length > FILE_SIZE_LIMIT_BYTES
        ? null
        : decodeFile(file.bytes, FILE_SIZE_LIMIT_BYTES);
    const text = decoded && 'text' in decoded ? decoded.text : null;
    decodeMs += performance.now() - t;
    t = performance.now();
    const before = process.cpuUsage();
    const { entry, hash } =
      text === null ? { entry: null, hash: '' } : indexFileHashed({ path: file.path, text });
    const after = process.cpuUsage(before);
    indexCpu += after.user + after.system;
    indexMs += performance.now() - t;
    records.set(file.path, { size: file.bytes.length, mtime: file.mtime, hash, entry });
  }
  const used = process.cpuUsage(cpu);
  console.log(
    `round ${round}: decode ${decodeMs.toFixed(0)} ms, indexFile and hash ${indexMs.toFixed(0)} ms (${perMb(indexMs)}; cpu ${(indexCpu / 1000).toFixed(0)} ms), process cpu ${((used.user + used.system) / 1000).toFixed(0)} ms, digest ${digestOf(records)}`,
  );
}

// indexFile's parts, each over every text (the identifier table already warm).
const cut = (text: string) => (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text);
const phases: [string, (path: string, text: string) => unknown][] = [
  ['terms + passages', (_path, text) => termHashCounts(cut(text), PASSAGE_LINES)],
  ['definitions', (_path, text) => lexicalDefinitions(cut(text), 400)],
  ['imports', (path, text) => lexicalImports(path, cut(text), 200)],
  ['flags', (path, text) => flagDefinitions(path, cut(text))],
];
for (const [name, run] of process.env.INDEX_COST_PHASES === '0' ? [] : phases) {
  gc();
  const t = performance.now();
  const cpu = process.cpuUsage();
  for (const { path, text } of texts) run(path, text);
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - t;
  const cpuMs = (used.user + used.system) / 1000;
  console.log(`  ${name}: ${ms.toFixed(0)} ms (${perMb(ms)}), cpu ${cpuMs.toFixed(0)} ms`);
}
