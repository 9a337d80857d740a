import { createOutlineEngine, type OutlineEngine } from '@promptloom/core/outline/engine';
import runtimeUrl from 'web-tree-sitter/web-tree-sitter.wasm?url';
import { GRAMMAR_URLS } from './outline-grammars';

/** Query sources (core's data files), each a small chunk loaded with its language. */
const QUERIES = import.meta.glob<string>('../../../core/src/outline/queries/*.scm', {
  query: '?raw',
  import: 'default',
});

/**
 * A tree-sitter engine for a worker (the outline worker, the suggestion index's): the runtime
 * and a grammar load the first time a file of that language comes, and stay for the worker's
 * lifetime.
 */
export function workerOutlineEngine(): OutlineEngine {
  return createOutlineEngine({
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
}
