// Worker thread body, plain JavaScript so it starts without a TypeScript loader: the
// tree-sitter runtime, each grammar and each query load once here, when first needed.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { createOutlineEngine } from '../outline/engine.js';

const port = parentPort;
if (!port) throw new Error('This module runs as a worker thread.');

const require = createRequire(import.meta.url);

const engine = createOutlineEngine({
  grammar: (name) =>
    readFile(require.resolve(`@cursorless/tree-sitter-wasms/out/tree-sitter-${name}.wasm`)),
  query: (name) => readFile(new URL(`../outline/queries/${name}.scm`, import.meta.url), 'utf8'),
});

port.on('message', async ({ id, jobs }) => {
  const outlines = [];
  for (const { grammar, query, text } of jobs) {
    // A file the parser cannot take falls back (null) instead of failing its batch.
    outlines.push(await engine.outline(grammar, query, text).catch(() => null));
  }
  port.postMessage({ id, outlines });
});
