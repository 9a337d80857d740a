// Worker thread body, plain JavaScript so it starts without a TypeScript loader: the
// tokenizer is loaded once here and reused for every batch. It also lists directories for
// the scan (readdir + one stat per file), so those system calls and their garbage stay off
// the main thread, which matches ignore patterns and builds the tree meanwhile.
import { hash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { loadTokenCount } from '../tokens/load-token-count.js';
import { loadNodeRanks, loadNodeVocab } from './vocab.js';

const port = parentPort;
if (!port) throw new Error('This module runs as a worker thread.');

/**
 * The tokenizer, loaded as the thread starts (the pool starts its threads when a run will
 * count: at once, overlapping the scan that precedes the first batch, or on the first batch
 * of a run answered from the on-disk cache, decision 049). A failure is answered per batch.
 */
const count = loadTokenCount(workerData.tokenizer, loadNodeVocab, loadNodeRanks);
count.catch(() => {});
// The pool sends listings only once this thread is ready: loading the tokenizer holds its
// event loop (an OpenAI encoding's rank table ~15 ms, decision 083; an open model's
// vocabulary much longer), while the main thread lists by itself meanwhile (decision 065).
const ready = () => port.postMessage({ ready: true });
count.then(ready, ready);

/** Same rules as NodeFileProvider.list: files (never symbolic links); directories unstat'd. */
function listDirectory(absolute) {
  const names = [];
  const kinds = [];
  const sizes = [];
  const mtimes = [];
  let hasSymlinks = false;
  for (const dirent of readdirSync(absolute, { withFileTypes: true })) {
    if (dirent.isDirectory()) {
      names.push(dirent.name);
      kinds.push(1);
      sizes.push(0);
      mtimes.push(0);
      continue;
    }
    if (dirent.isSymbolicLink()) hasSymlinks = true;
    if (!dirent.isFile()) continue;
    // Undefined when it vanished between readdir and stat.
    const info = statSync(join(absolute, dirent.name), { throwIfNoEntry: false });
    if (!info?.isFile()) continue;
    names.push(dirent.name);
    kinds.push(0);
    sizes.push(info.size);
    mtimes.push(Math.trunc(info.mtimeMs));
  }
  return { names, kinds, sizes, mtimes, hasSymlinks };
}

/**
 * The secret scan (core/secrets, TypeScript), loaded on the first batch that asks for it. The
 * CLI's bundle holds it compiled; from the sources (tests, bench) the worker has no loader,
 * so tsx's API is registered for it then.
 */
let secrets = null;
function loadSecrets() {
  secrets ??= import('../secrets/scan.ts').catch(async (error) => {
    if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    const tsxApi = 'tsx/esm/api';
    const { register } = await import(tsxApi);
    register();
    // A failed import stays failed for its URL: the same file again under another one.
    return import(`${new URL('../secrets/scan.ts', import.meta.url).href}?tsx`);
  });
  return secrets;
}

/**
 * Findings of the files a batch asks to scan: [piece, path, at, length, content?] reads the
 * file's text out of piece `piece` (where it is written verbatim), or takes `content`.
 */
async function scanBatch(texts, scans) {
  const { scanText } = await loadSecrets();
  const findings = [];
  for (const [piece, path, at, length, content] of scans) {
    const text = content ?? texts[piece].slice(at, at + length);
    findings.push(await scanText(path, text));
  }
  return findings;
}

port.on('message', async (job) => {
  if (job.list !== undefined) {
    try {
      port.postMessage({ id: job.id, listing: listDirectory(job.list) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({
        id: job.id,
        error: message,
        code: /** @type {{ code?: string } | undefined} */ (error)?.code,
      });
    }
    return;
  }
  try {
    const countText = await count;
    const counts = job.texts.map((text) => countText(text));
    const findings = job.scans ? await scanBatch(job.texts, job.scans) : undefined;
    // The on-disk cache's keys (DiskPieceCache.keyOf), hashed here rather than on the main thread.
    const keys = job.keys ? job.texts.map((text) => hash('sha1', text, 'base64')) : undefined;
    port.postMessage({ id: job.id, counts, findings, keys });
  } catch (error) {
    // A reply, not a crash: the pool answers with the estimate for this batch.
    port.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
