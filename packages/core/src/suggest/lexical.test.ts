import { describe, expect, it } from 'vitest';
import { lexicalDefinitions, lexicalImports } from './lexical';

describe('lexicalDefinitions', () => {
  it('reads indented methods with modifiers, blank lines before them and a throws clause', () => {
    const java = [
      'public class Parser {',
      '',
      '    public static List<Date> parseAll(String text)',
      '        throws ParseException {',
      '    }',
      '\t\tprivate  int   count(',
      '      int a) {',
      '    }',
      '}',
    ].join('\n');
    expect(lexicalDefinitions(java, 10)).toEqual(['Parser', 'parseAll', 'count']);
  });

  it('skips calls and declarations that no brace follows', () => {
    const text = [
      '    value result(x);',
      '    abstract void declared(int a);',
      '    draw(point)',
      '    prose words and (more words) with no brace at all',
    ].join('\n');
    expect(lexicalDefinitions(text, 10)).toEqual([]);
  });

  it('reads functions, constants bound to functions and C-like definitions', () => {
    const text = [
      'export function parseWeek(text) {}',
      'const toOrdinal = (day) => day;',
      '  handler(event) {',
      '  }',
      'if (x) {',
    ].join('\n');
    expect(lexicalDefinitions(text, 10)).toEqual(['parseWeek', 'toOrdinal', 'handler']);
  });

  it('stops at the cap', () => {
    expect(lexicalDefinitions('function ab() {}\nfunction cd() {}\n', 1)).toEqual(['ab']);
  });
});

/** The expression before its lookaheads: what the definitions must stay equal to. */
const BEFORE = new RegExp(
  [
    String.raw`\b(?:function\*?|class|interface|enum|struct|trait|type|def|func|fn|module|object|record|protocol|extension|namespace|typealias|union|mod|impl)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)`,
    String.raw`\b(?:const|let|var|val)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]{0,80})?=\s*(?:async\s+)?(?:function|\(|[A-Za-z_$][\w$]*\s*=>|class\b)`,
    String.raw`^[ \t]*(?:export\s+)?(?:default\s+)?(?:public|private|protected|internal|static|final|abstract|override|async|virtual|readonly|\s)*[A-Za-z_$][\w$<>,.[\]? ]*\s+([A-Za-z_$][\w$]*)\s*\([^;{]*\)\s*(?:throws [\w., ]+)?\{`,
    String.raw`^[ \t]*([A-Za-z_$][\w$]*)\s*\([^)\n]*\)\s*\{`,
  ].join('|'),
  'gm',
);

describe('lexicalDefinitions against the expression before its lookaheads', () => {
  it('finds the same names in texts made of its tokens', () => {
    const pieces = [
      ' ',
      '  ',
      '\t',
      '\n',
      'export ',
      'static ',
      'public ',
      'void ',
      'List<T> ',
      'run',
      'ab',
      '(',
      ')',
      '{',
      '}',
      ';',
      ' throws E ',
      'const ',
      '= ',
      '=> ',
      'x, ',
      'function ',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let round = 0; round < 3_000; round++) {
      let text = '';
      for (let n = next() % 40; n > 0; n--) text += pieces[next() % pieces.length];
      const before = new Set<string>();
      for (const m of text.matchAll(BEFORE)) {
        const name = m[1] ?? m[2] ?? m[3] ?? m[4];
        if (name && name.length >= 2) before.add(name);
      }
      expect(lexicalDefinitions(text, 400), text).toEqual([...before]);
    }
  });
});

describe('lexicalImports', () => {
  it('reads the import forms of the file extension', () => {
    expect(lexicalImports('a.ts', "import { x } from './x';\nconst y = require('y');", 10)).toEqual(
      ['./x', 'y'],
    );
  });
});
