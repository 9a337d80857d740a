/**
 * Definitions and imports read with regular expressions: the cheap fallback for files that
 * were not parsed with tree-sitter (the index must cost little more than reading the files),
 * and the only source of imports (tags carry no import specifiers).
 */

/**
 * Words that a definition form reads in a name's place but that name nothing (`if (x) {`,
 * `else if`, a Go file's `import (`). The name pattern refuses them, and one letter, so a form
 * does not match them at all: a match is taken whole, and a refused name that was matched
 * still took its text, up to the next `{`, which may hold definitions.
 */
const NOT_NAMES = [
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
];
/** A definition's name: two characters at least, none of `refused`. */
const name = (refused: string[]) =>
  String.raw`((?!(?:${refused.join('|')})(?![\w$]))[A-Za-z_$][\w$]+)`;
const NAME = name(NOT_NAMES);
/**
 * At a line's start, not Go's `func` either (`type F func(…) error` is no function `func`),
 * nor a group's keyword: `package x` then `const (` read as a function `const` up to the
 * next `) {`, the group's members unread.
 */
const LINE_NAME = name([...NOT_NAMES, 'func', 'const', 'var', 'type']);
/** Go names declared together, `a, b`, split by `namesOf` (which drops `_` and one letter). */
const NAME_LIST = String.raw`[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*`;
const namesOf = (list: string) => list.split(/[ \t]*,[ \t]*/).filter((name) => name.length > 1);

/**
 * `function x`, `class X`, `def x`, `func x`, `func (r *T) X`, `fn x`, `struct X`,
 * `x = (…) =>`, `type X =`…, and a Go `type (` group, whose members the loop reads.
 * Forms after a word boundary, then two at a line's start, each group's anchor read once
 * (`^[ \t]*` too: the two take the same indent). A receiver `(…)` is read after `func` only,
 * on one line: prose's `a return type (any)` named the word after it. The third form's
 * lookaheads only cut backtracking: its indent is taken whole (`(?![ \t])`: a shorter indent
 * left a blank for `\s` in the modifiers to take, the same path again for each split), and its
 * parameters are scanned for `)` only when a `{` comes within 2,000 characters before any `;`
 * (the brace it needs; a file without braces was scanned to its end from each `a b(`).
 * In a Go file (`go`), a top-level `const` names its definitions too, one or a list
 * (`const a, b = 1, 2`); elsewhere a line-start `const x =` is most often a local or an
 * import. A `const (` group is read as a `type (` group is, in any file (no other language
 * writes one). Go's `var` is not read: a package's variables (`rootCmd`) outranked the files
 * a request was about (decision 190).
 */
const definitionPattern = (go: boolean) =>
  new RegExp(
    String.raw`\b(?:` +
      [
        String.raw`func\s+(?:\([^()\n]*\)\s*)?${NAME}`,
        String.raw`(?:function\*?|class|interface|enum|struct|trait|type|def|fn|module|object|record|protocol|extension|namespace|typealias|union|mod|impl)\s+${NAME}`,
        String.raw`(?:const|let|var|val)\s+${NAME}\s*(?::[^=\n]{0,80})?=\s*(?:async\s+)?(?:function|\(|[A-Za-z_$][\w$]*\s*=>|class\b)`,
      ].join('|') +
      String.raw`)|^[ \t]*(?:` +
      [
        String.raw`(?![ \t])(?:export\s+)?(?:default\s+)?(?:public|private|protected|internal|static|final|abstract|override|async|virtual|readonly|\s)*[A-Za-z_$][\w$<>,.[\]? ]*\s+${LINE_NAME}\s*\((?=[^;{]{0,2000}\{)[^;{]*\)\s*(?:throws [\w., ]+)?\{`,
        String.raw`${LINE_NAME}\s*\([^)\n]*\)\s*\{`,
      ].join('|') +
      String.raw`)|` +
      (go ? String.raw`^const[ \t]+(${NAME_LIST})(?=[ \t])|` : '') +
      String.raw`^(?:type|const)[ \t]*\([ \t]*\r?$`,
    'gm',
  );
const DEFINITION = definitionPattern(false);
const GO_DEFINITION = definitionPattern(true);
/**
 * A Go `type (` or `const (` group's member, as gofmt writes it: one tab, the name or a list
 * of names (`a, b = 1, 2`), then a blank, `=`, `[` or the line's end (`ModeB` under a
 * `ModeA Mode = iota`). Lines indented further (a struct's fields, a value's lines) are not.
 */
const GROUP_MEMBER = new RegExp(String.raw`^\t(${NAME_LIST})(?:[ \t=[\r]|$)`, 'gm');
/** The group ends at the first line that starts with neither a tab nor a line break (its `)`). */
const GROUP_END = /^[^\t\r\n]/gm;

/** A file's definitions, at most `max`; `path` tells a Go file, whose `const` lines count. */
export function lexicalDefinitions(text: string, max: number, path = ''): string[] {
  const names = new Set<string>();
  const add = (list: string) => {
    for (const name of namesOf(list)) if (names.size < max) names.add(name);
  };
  const pattern = path.endsWith('.go') ? GO_DEFINITION : DEFINITION;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match && names.size < max;) {
    const name = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5];
    if (name) names.add(name);
    else if (match[6]) add(match[6]);
    else {
      // A top-level group: its members, up to the line that closes it, where the scan goes on.
      GROUP_END.lastIndex = pattern.lastIndex;
      const end = GROUP_END.exec(text)?.index ?? text.length;
      for (const member of text.slice(pattern.lastIndex, end).matchAll(GROUP_MEMBER)) {
        if (names.size >= max) break;
        add(member[1]!);
      }
      pattern.lastIndex = end;
    }
    match = pattern.exec(text);
  }
  return [...names];
}

const JS_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/g;
/**
 * `from m import a, b as c`, `from m import (` … `)` over lines, `from m import a, \` and a next
 * line: the module and what follows `import` (names read by pythonFrom).
 */
const PY_FROM =
  /^[ \t]*from\s+(\.*[\w.]*)\s+import\b[ \t]*(\([^)]*\)|[^\n\\]*(?:\\[\s\S][^\n\\]*)*)/gm;
/** `import a.b, c as d`, alone on its line but for a comment: the modules, aliases dropped. */
const PY_IMPORT =
  /^[ \t]*import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)[ \t]*(?:#.*)?$/gm;
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
      const specs =
        pattern === PY_FROM
          ? [pythonFrom(match[1]!, match[2]!)]
          : // A list `a, b`; a Python `import a.b as c` imports `a.b`.
            match[1]!.split(/\s*,\s*/).map((spec) => spec.replace(/\s+as\s+\w+$/, ''));
      for (const spec of specs) {
        if (spec && spec.length < 200) found.add(spec);
      }
      if (found.size >= max) return [...found];
    }
  }
  return [...found];
}

/**
 * A Python `from m import a, b` as the specifier `m import a,b` (the module alone when it
 * imports `*` or no plain name): a name may be a submodule (`from . import views`), which the
 * resolver links to its file, and any other name to the module's. Names beyond the specifier's
 * length bound are left; the module stays.
 */
function pythonFrom(module: string, imported: string): string {
  let spec = '';
  for (const part of imported
    .replace(/#[^\n]*/g, '')
    .replace(/[()\\]/g, '')
    .split(',')) {
    const name = /^\s*(\w+)(?:\s+as\s+\w+)?\s*$/.exec(part)?.[1];
    if (!name || module.length + spec.length + name.length > 190) continue;
    spec += spec ? `,${name}` : ` import ${name}`;
  }
  return module + spec;
}

/** `module example.com/app` (quotes allowed, a comment may follow): a go.mod's module path. */
const GO_MODULE = /^[ \t]*module[ \t]+"?([^\s"]+)"?/m;

/** The module path a `go.mod` declares; undefined for any other file or a go.mod without one. */
export function goModulePath(path: string, text: string): string | undefined {
  if (path !== 'go.mod' && !path.endsWith('/go.mod')) return undefined;
  const found = GO_MODULE.exec(text)?.[1];
  return found && found.length < 300 ? found : undefined;
}
