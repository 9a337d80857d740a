/// <reference lib="webworker" />
import { createOutlineEngine } from '@promptloom/core/outline/engine';
import runtimeUrl from 'web-tree-sitter/web-tree-sitter.wasm?url';
import { GRAMMAR_URLS } from './outline-grammars';
import type { OutlineRequest, OutlineResponse } from './outline-protocol';

/** Query sources (core's data files), each a small chunk loaded with its language. */
const QUERIES = import.meta.glob<string>('../../../core/src/outline/queries/*.scm', {
  query: '?raw',
  import: 'default',
});

/**
 * Code outlines off the main thread: web-tree-sitter and a grammar load the first time a
 * file of that language comes, and stay for the worker's lifetime.
 */
const engine = createOutlineEngine({
  runtime: { locateFile: () => runtimeUrl },
  async grammar(name) {
    const load = GRAMMAR_URLS[name];
    if (!load) throw new Error(`No grammar asset for ${name}`);
    return (await load()).default;
  },
  async query(name) {
    const load = QUERIES[`../../../core/src/outline/queries/${name}.scm`];
    if (!load) throw new Error(`No outline query ${name}`);
    return load();
  },
});

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<OutlineRequest>) => {
  const { id, jobs } = event.data;
  let response: OutlineResponse;
  try {
    const outlines: (string | null)[] = [];
    for (const { grammar, query, text } of jobs) {
      outlines.push(await engine.outline(grammar, query, text));
    }
    response = { id, outlines };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
