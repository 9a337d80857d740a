import type { Parser } from 'web-tree-sitter';

/** Where an environment finds the tree-sitter runtime, the grammars and the queries. */
export interface OutlineAssets {
  /** Options for Parser.init (a browser passes locateFile for web-tree-sitter.wasm). */
  runtime?: Parameters<typeof Parser.init>[0];
  /** The grammar's wasm, by grammar name (`typescript`, `c_sharp`…). */
  grammar(name: string): Promise<Uint8Array | string>;
  /** The query source, by query name (a file of queries/ without `.scm`). */
  query(name: string): Promise<string>;
}

export interface OutlineEngine {
  /** The outline of `text`, or null when the parser gives no tree. */
  outline(grammar: string, query: string, text: string): Promise<string | null>;
  /** Definitions and references of `text` (tags.js), or null when the parser gives no tree. */
  tags(
    grammar: string,
    query: string,
    text: string,
  ): Promise<{ defs: string[]; refs: string[] } | null>;
  /** Loads a grammar and compiles its query (throws on a bad query). */
  check(grammar: string, query: string): Promise<void>;
}

export declare function createOutlineEngine(assets: OutlineAssets): OutlineEngine;
