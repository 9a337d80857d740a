/**
 * The grammar wasm of each outlined language (core OUTLINE_LANGUAGES), as Vite assets: one
 * static import each, so the build copies only these grammars, and a grammar is fetched the
 * first time a file of its language is outlined, never on first paint.
 */
export const GRAMMAR_URLS: Readonly<Record<string, () => Promise<{ default: string }>>> = {
  c: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-c.wasm?url'),
  c_sharp: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-c_sharp.wasm?url'),
  cpp: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-cpp.wasm?url'),
  go: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-go.wasm?url'),
  java: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-java.wasm?url'),
  javascript: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-javascript.wasm?url'),
  kotlin: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-kotlin.wasm?url'),
  php: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-php.wasm?url'),
  python: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-python.wasm?url'),
  ruby: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-ruby.wasm?url'),
  rust: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-rust.wasm?url'),
  swift: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-swift.wasm?url'),
  tsx: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-tsx.wasm?url'),
  typescript: () => import('@cursorless/tree-sitter-wasms/out/tree-sitter-typescript.wasm?url'),
};
