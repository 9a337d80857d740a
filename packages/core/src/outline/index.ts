// The engine (engine.js) is not exported here: it pulls in web-tree-sitter, which only the
// workers load (`@promptloom/core/outline/engine`), never the page's first bundle.
export * from './languages';
export * from './outliner';
