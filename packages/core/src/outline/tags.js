// Definitions and references of a parsed file (the suggest index's tags), plain JavaScript
// like engine.js so the Node worker threads and the browser worker load it as is.
//
// One walk for every language the outliner parses, with no per-language query: a name
// (an identifier-like leaf) is a definition when it is the `name` (or a function
// declarator's `declarator`) of a declaration-like node, and a reference otherwise.

/** Leaves that are names: identifier, type_identifier, property_identifier, constant (Ruby), name (PHP)… */
const NAME_LEAF = /(?:^|_)(?:identifier|constant|name)$/;
/** Nodes that declare what their `name` field names. */
const DECLARATION =
  /(?:function|method|class|struct|enum|interface|trait|type|module|impl|union|namespace|object|protocol|record|constructor|mod|const|static|singleton_method|property|variable_declarator)(?:_(?:definition|declaration|item|spec|signature|alias|declarator))*$/;
const NOT_DECLARATION = /parameter|argument|import|call|expression|pattern|reference|identifier/;
const MAX_NAME = 64;

/**
 * @param {import('web-tree-sitter').Node} root
 * @param {string} text the source the tree was parsed from
 * @returns {{ defs: string[], refs: string[] }}
 */
export function tagsOf(root, text) {
  const defs = new Set();
  const refs = new Set();
  const cursor = root.walk();
  /** Ancestor node types, root first. */
  const types = [];
  try {
    for (;;) {
      const type = cursor.nodeType;
      if (NAME_LEAF.test(type) && cursor.startIndex < cursor.endIndex) {
        const name = text.slice(cursor.startIndex, cursor.endIndex);
        if (name.length <= MAX_NAME && /^[A-Za-z_$][\w$]*$/.test(name)) {
          const parent = types.at(-1) ?? '';
          const field = cursor.currentFieldName;
          const declares =
            (field === 'name' && DECLARATION.test(parent) && !NOT_DECLARATION.test(parent)) ||
            (field === 'declarator' && parent === 'function_declarator');
          (declares ? defs : refs).add(name);
        }
      }
      if (cursor.gotoFirstChild()) {
        types.push(type);
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return { defs: [...defs], refs: [...refs] };
        types.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}
