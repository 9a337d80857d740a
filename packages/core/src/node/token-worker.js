// Worker thread body, plain JavaScript so it starts without a TypeScript loader: the
// tokenizer is loaded once here and reused for every batch. It also lists directories for
// the scan (readdir + one stat per file), so those system calls and their garbage stay off
// the main thread, which matches ignore patterns and builds the tree meanwhile.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { loadTokenCount } from '../tokens/registry.js';
import { loadNodeVocab } from './vocab.js';

/**
 * Loading starts with the thread (as a static import did), so it overlaps the scan that
 * precedes the first batch; a failure is answered per batch.
 */
const count = loadTokenCount(workerData.tokenizer, loadNodeVocab);
count.catch(() => {});

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

parentPort.on('message', async (job) => {
  if (job.list !== undefined) {
    try {
      parentPort.postMessage({ id: job.id, listing: listDirectory(job.list) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      parentPort.postMessage({ id: job.id, error: message, code: error?.code });
    }
    return;
  }
  try {
    const countText = await count;
    parentPort.postMessage({ id: job.id, counts: job.texts.map((text) => countText(text)) });
  } catch (error) {
    // A reply, not a crash: the pool answers with the estimate for this batch.
    parentPort.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
