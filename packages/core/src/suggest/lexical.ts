/**
 * Definitions and imports read with regular expressions: the cheap fallback for files that
 * were not parsed with tree-sitter (the index must cost little more than reading the files),
 * and the only source of imports (tags carry no import specifiers).
 */

/** `function x`, `class X`, `def x`, `func x`, `fn x`, `struct X`, `x = (…) =>`, `type X =`… */
const DEFINITION = new RegExp(
  [
    String.raw`\b(?:function\*?|class|interface|enum|struct|trait|type|def|func|fn|module|object|record|protocol|extension|namespace|typealias|union|mod|impl)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)`,
    String.raw`\b(?:const|let|var|val)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]{0,80})?=\s*(?:async\s+)?(?:function|\(|[A-Za-z_$][\w$]*\s*=>|class\b)`,
    String.raw`^[ \t]*(?:export\s+)?(?:default\s+)?(?:public|private|protected|internal|static|final|abstract|override|async|virtual|readonly|\s)*[A-Za-z_$][\w$<>,.[\]? ]*\s+([A-Za-z_$][\w$]*)\s*\([^;{]*\)\s*(?:throws [\w., ]+)?\{`,
    String.raw`^[ \t]*([A-Za-z_$][\w$]*)\s*\([^)\n]*\)\s*\{`,
  ].join('|'),
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

const IMPORTS = [
  // JavaScript and TypeScript: import … from 'x', import 'x', export … from 'x', require('x'), import('x')
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/g,
  // Python: from x import y, import x.y
  /^[ \t]*from\s+(\.*[\w.]*)\s+import\b/gm,
  /^[ \t]*import\s+([\w.]+(?:\s*,\s*[\w.]+)*)\s*$/gm,
  // Go: import "x" and import ( "x" … )
  /^[ \t]*(?:import\s+)?(?:[\w.]+\s+)?"([\w.\-/]+\/[\w.\-/]+|[\w-]+)"\s*$/gm,
  // Rust: use a::b, mod x;
  /^[ \t]*(?:pub(?:\([^)]*\))?\s+)?(?:use|mod)\s+([\w:]+)/gm,
  // Java, Kotlin, Scala, C# and PHP: import a.b.C; using A.B; use A\B;
  /^[ \t]*(?:import\s+(?:static\s+)?|using\s+(?:static\s+)?)([\w.]+)/gm,
  /^[ \t]*use\s+([\w\\]+)/gm,
  // C and C++: #include "x.h"
  /^[ \t]*#\s*include\s+"([^"]+)"/gm,
  // Ruby: require_relative 'x'
  /\brequire_relative\s+['"]([^'"]+)['"]/g,
];

export function lexicalImports(text: string, max: number): string[] {
  const found = new Set<string>();
  for (const pattern of IMPORTS) {
    for (const match of text.matchAll(pattern)) {
      for (const spec of match[1]!.split(/\s*,\s*/)) {
        if (spec && spec.length < 200) found.add(spec);
      }
      if (found.size >= max) return [...found];
    }
  }
  return [...found];
}
