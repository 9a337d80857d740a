// The outline extractor, plain JavaScript so a Node worker thread loads it without a
// TypeScript loader (like tokens/count-cl100k.js); the browser worker imports it as is.
//
// One generic extractor for every language: a language's query file (queries/*.scm) names
// what to drop, and the extractor only splices text. Captures:
//   @body  a node whose text is replaced by a placeholder, `{ … }` unless the pattern sets
//          another with (#set! placeholder "…");
//   @keep  a node kept although it lies inside a @body (Python docstrings).
// Everything else (declarations, signatures, types, constants, comments) stays as written.
import { Language, Parser, Query } from 'web-tree-sitter';
import { tagsOf } from './tags.js';

const DEFAULT_PLACEHOLDER = '{ … }';

/**
 * @param {import('./engine').OutlineAssets} assets
 * @returns {import('./engine').OutlineEngine}
 */
export function createOutlineEngine(assets) {
  /** @type {Promise<void> | undefined} */
  let runtime;
  /** @type {Map<string, Promise<{ parser: Parser, query: Query }>>} */
  const loaded = new Map();

  function load(grammar, queryName) {
    const key = `${grammar}\n${queryName}`;
    let entry = loaded.get(key);
    if (!entry) {
      entry = (async () => {
        runtime ??= Parser.init(assets.runtime);
        await runtime;
        const [language, source] = await Promise.all([
          assets.grammar(grammar).then((bytes) => Language.load(bytes)),
          assets.query(queryName),
        ]);
        const parser = new Parser();
        parser.setLanguage(language);
        return { parser, query: new Query(language, source) };
      })();
      // A failed load is not cached: the next call tries again (a network blip in a browser).
      entry.catch(() => loaded.delete(key));
      loaded.set(key, entry);
    }
    return entry;
  }

  return {
    async outline(grammar, queryName, text) {
      const { parser, query } = await load(grammar, queryName);
      const tree = parser.parse(text);
      if (!tree) return null;
      try {
        return outlineText(text, query.captures(tree.rootNode));
      } finally {
        tree.delete();
      }
    },
    async tags(grammar, queryName, text) {
      const { parser } = await load(grammar, queryName);
      const tree = parser.parse(text);
      if (!tree) return null;
      try {
        return tagsOf(tree.rootNode, text);
      } finally {
        tree.delete();
      }
    },
    async check(grammar, queryName) {
      await load(grammar, queryName);
    },
  };
}

/**
 * The source text with every outermost @body replaced, and blank-line runs collapsed.
 * @param {string} text
 * @param {import('web-tree-sitter').QueryCapture[]} captures
 */
export function outlineText(text, captures) {
  const bodies = [];
  const keeps = [];
  for (const { name, node, setProperties } of captures) {
    const range = { start: node.startIndex, end: node.endIndex };
    if (name === 'body') {
      bodies.push({ ...range, placeholder: setProperties?.placeholder ?? DEFAULT_PLACEHOLDER });
    } else if (name === 'keep') keeps.push(range);
  }
  bodies.sort((a, b) => a.start - b.start || b.end - a.end);
  keeps.sort((a, b) => a.start - b.start);

  let out = '';
  let at = 0;
  for (const body of bodies) {
    if (body.start < at) continue; // inside a body already dropped
    out += text.slice(at, body.start);
    const indent = indentAt(text, body.start);
    for (const keep of keeps) {
      if (keep.start >= body.start && keep.end <= body.end) {
        out += text.slice(keep.start, keep.end) + '\n' + indent;
      }
    }
    out += body.placeholder;
    at = body.end;
  }
  out += text.slice(at);
  return out.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n');
}

/** The whitespace before `index` on its line, when only whitespace precedes it there. */
function indentAt(text, index) {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const before = text.slice(lineStart, index);
  return /^[ \t]*$/.test(before) ? before : '';
}
