// The index worker's per-file CPU in Node, on a corpus folder held in memory: decode (binary
// sniff + UTF-8), text hash, core's indexFile. Prints each step's time and a digest of the
// packed record (the worker's own pack), so two versions of the code can be compared for
// identical index contents: `node --expose-gc --import tsx bench/lab/index-cpu.ts DIR [rounds]`.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { hashText, indexFile, FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';
import { decodeFile } from '@promptloom/core/files/read';
import { packIndex, type StoredEntry } from '../../packages/web/src/workers/suggest-index-pack';
import { filesUnder } from './folder-files';

const [dir, roundsArg] = process.argv.slice(2) as [string, string | undefined];
const rounds = Number(roundsArg ?? 3);

const paths = await filesUnder(dir);
const files = paths.map((path) => ({
  path: relative(dir, path),
  bytes: new Uint8Array(readFileSync(path)),
  mtime: statSync(path).mtimeMs,
}));
console.log(
  `${files.length} files, ${(files.reduce((s, f) => s + f.bytes.length, 0) / 1e6).toFixed(1)} MB`,
);

for (let round = 0; round < rounds; round++) {
  let decodeMs = 0;
  let hashMs = 0;
  let indexMs = 0;
  const records = new Map<string, StoredEntry>();
  (globalThis as { gc?: () => void }).gc?.();
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
    const hash = text === null ? '' : hashText(text);
    hashMs += performance.now() - t;
    t = performance.now();
    const entry = text === null ? null : indexFile({ path: file.path, text });
    indexMs += performance.now() - t;
    records.set(file.path, { size: file.bytes.length, mtime: file.mtime, hash, entry });
  }
  const used = process.cpuUsage(cpu);
  const packed = packIndex(records);
  const digest = createHash('sha256');
  digest.update(packed.strings);
  for (const key of [
    'sizes',
    'flags',
    'lengths',
    'termStarts',
    'terms',
    'counts',
    'refStarts',
    'refs',
  ] as const) {
    const array = packed[key];
    digest.update(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }
  console.log(
    `round ${round}: decode ${decodeMs.toFixed(0)} ms, hash ${hashMs.toFixed(0)} ms, index ${indexMs.toFixed(0)} ms, cpu ${((used.user + used.system) / 1000).toFixed(0)} ms, digest ${digest.digest('hex').slice(0, 16)}`,
  );
}
