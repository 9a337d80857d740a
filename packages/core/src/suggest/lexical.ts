/**
 * Definitions and imports read with regular expressions: the cheap fallback for files that
 * were not parsed with tree-sitter (the index must cost little more than reading the files),
 * and the only source of imports (tags carry no import specifiers).
 */

/**
 * `function x`, `class X`, `def x`, `func x`, `fn x`, `struct X`, `x = (…) =>`, `type X =`…
 * Four forms: two after a word boundary, two at a line's start, each pair's anchor read once
 * (`^[ \t]*` too: the last two take the same indent). The third form's two lookaheads only
 * cut backtracking that could not match, so its matches are the same: its indent is taken
 * whole (`(?![ \t])`: a shorter indent left a blank for `\s` in the modifiers to take, the
 * same path again for each split), and its parameters are scanned for `)` only when the first
 * `;` or `{` after them is a `{` (the brace it needs).
 */
const DEFINITION = new RegExp(
  String.raw`\b(?:` +
    [
      String.raw`(?:function\*?|class|interface|enum|struct|trait|type|def|func|fn|module|object|record|protocol|extension|namespace|typealias|union|mod|impl)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)`,
      String.raw`(?:const|let|var|val)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]{0,80})?=\s*(?:async\s+)?(?:function|\(|[A-Za-z_$][\w$]*\s*=>|class\b)`,
    ].join('|') +
    String.raw`)|^[ \t]*(?:` +
    [
      String.raw`(?![ \t])(?:export\s+)?(?:default\s+)?(?:public|private|protected|internal|static|final|abstract|override|async|virtual|readonly|\s)*[A-Za-z_$][\w$<>,.[\]? ]*\s+([A-Za-z_$][\w$]*)\s*\((?=[^;{]*\{)[^;{]*\)\s*(?:throws [\w., ]+)?\{`,
      String.raw`([A-Za-z_$][\w$]*)\s*\([^)\n]*\)\s*\{`,
    ].join('|') +
    ')',
  'gm',
);
const NOT_NAMES = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'return',
  'function',
  'new',
  'else',
  'do',
  'try',
  'with',
  'sizeof',
  'typeof',
  'import',
  'export',
  'require',
  'super',
  'this',
  'self',
  'await',
  'yield',
  'assert',
  'print',
  'elif',
  'except',
  'match',
  'when',
  'defer',
  'go',
  'select',
  'case',
  'default',
  'delete',
  'throw',
  'raise',
  'lambda',
  'in',
  'of',
  'and',
  'or',
  'not',
]);

export function lexicalDefinitions(text: string, max: number): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(DEFINITION)) {
    const name = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (name && name.length >= 2 && !NOT_NAMES.has(name)) names.add(name);
    if (names.size >= max) break;
  }
  return [...names];
}

const JS_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/g;
const PY_FROM = /^[ \t]*from\s+(\.*[\w.]*)\s+import\b/gm;
const PY_IMPORT = /^[ \t]*import\s+([\w.]+(?:\s*,\s*[\w.]+)*)\s*$/gm;
const GO_IMPORT = /^[ \t]*(?:import\s+)?(?:[\w.]+\s+)?"([\w.\-/]+\/[\w.\-/]+|[\w-]+)"\s*$/gm;
const RUST_USE = /^[ \t]*(?:pub(?:\([^)]*\))?\s+)?(?:use|mod)\s+([\w:]+)/gm;
const DOTTED_IMPORT = /^[ \t]*(?:import\s+(?:static\s+)?|using\s+(?:static\s+)?)([\w.]+)/gm;
const PHP_USE = /^[ \t]*use\s+([\w\\]+)/gm;
const C_INCLUDE = /^[ \t]*#\s*include\s+"([^"]+)"/gm;
const RUBY_REQUIRE = /\brequire_relative\s+['"]([^'"]+)['"]/g;

/** The import forms of each language, by file extension (one or two scans of a file). */
const IMPORTS_BY_EXTENSION: Record<string, RegExp[]> = {
  js: [JS_IMPORT],
  mjs: [JS_IMPORT],
  cjs: [JS_IMPORT],
  jsx: [JS_IMPORT],
  ts: [JS_IMPORT],
  mts: [JS_IMPORT],
  cts: [JS_IMPORT],
  tsx: [JS_IMPORT],
  vue: [JS_IMPORT],
  svelte: [JS_IMPORT],
  astro: [JS_IMPORT],
  py: [PY_FROM, PY_IMPORT],
  pyi: [PY_FROM, PY_IMPORT],
  go: [GO_IMPORT],
  rs: [RUST_USE],
  java: [DOTTED_IMPORT],
  kt: [DOTTED_IMPORT],
  kts: [DOTTED_IMPORT],
  scala: [DOTTED_IMPORT],
  cs: [DOTTED_IMPORT],
  swift: [DOTTED_IMPORT],
  php: [PHP_USE, JS_IMPORT],
  c: [C_INCLUDE],
  h: [C_INCLUDE],
  cc: [C_INCLUDE],
  cpp: [C_INCLUDE],
  cxx: [C_INCLUDE],
  hpp: [C_INCLUDE],
  rb: [RUBY_REQUIRE],
};

export function lexicalImports(path: string, text: string, max: number): string[] {
  const found = new Set<string>();
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  for (const pattern of IMPORTS_BY_EXTENSION[extension] ?? []) {
    for (const match of text.matchAll(pattern)) {
      for (const spec of match[1]!.split(/\s*,\s*/)) {
        if (spec && spec.length < 200) found.add(spec);
      }
      if (found.size >= max) return [...found];
    }
  }
  return [...found];
}

/** `module example.com/app` (quotes allowed, a comment may follow): a go.mod's module path. */
const GO_MODULE = /^[ \t]*module[ \t]+"?([^\s"]+)"?/m;

/** The module path a `go.mod` declares; undefined for any other file or a go.mod without one. */
export function goModulePath(path: string, text: string): string | undefined {
  if (path !== 'go.mod' && !path.endsWith('/go.mod')) return undefined;
  const found = GO_MODULE.exec(text)?.[1];
  return found && found.length < 300 ? found : undefined;
}
