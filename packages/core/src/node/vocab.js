// Plain JavaScript: the worker threads (token-worker.js) load it as is.
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

/** An open model's vocabulary asset (tokens/vocab-assets.js) read from disk and parsed. */
export async function loadNodeVocab(url) {
  return JSON.parse(gunzipSync(await readFile(url)).toString('utf8'));
}

/** An OpenAI encoding's rank asset (tokens/rank-table.js) read from disk, as bytes. */
export function loadNodeRanks(url) {
  return readFile(url);
}
