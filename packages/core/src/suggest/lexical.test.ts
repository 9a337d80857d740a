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

  it('reads the first Go function after an import block, methods and type groups', () => {
    const go = [
      'package main',
      '',
      'import (',
      '\t"fmt"',
      '\tstr "strings"',
      ')',
      '',
      'func main() {',
      '}',
      '',
      'func (r *Reader) ReadLine(n int) (string, error) {',
      '}',
      '',
      'type (',
      '\t// Options is documented.',
      '\tOptions struct {',
      '\t\tlimit int',
      '\t}',
      '',
      '\tMode = int',
      ')',
      '',
      'type Handler func(string) error',
      '',
      'func run() {',
      '\tif err != nil {',
      '\t}',
      '}',
    ].join('\n');
    expect(lexicalDefinitions(go, 10)).toEqual([
      'main',
      'ReadLine',
      'Options',
      'Mode',
      'Handler',
      'run',
    ]);
    // The same place in the other languages: the first definition after a long import.
    const python = 'from x import (\n    alpha,\n    beta,\n)\n\n\ndef first():\n    return {}\n';
    const rust = 'use a::{b, c};\nuse d::{\n    e,\n};\n\nfn first() {\n}\n';
    const ts = "import {\n  alpha,\n  beta,\n} from './x';\n\nfunction first() {\n}\n";
    for (const text of [python, rust, ts]) expect(lexicalDefinitions(text, 10)).toEqual(['first']);
  });

  it('reads Go const groups and top-level const lines, not var', () => {
    const go = [
      'package store',
      '',
      'const (',
      '\tModeA Mode = iota // the first',
      '\tModeB',
      '\tfirst, second = 1, 2',
      '\t_ = 3',
      '\tlimits = len(',
      '\t\t"abc",',
      '\t)',
      ')',
      '',
      'var (',
      '\tErrNotFound = errors.New("not found")',
      ')',
      '',
      'const maxSize, minSize = 10, 1',
      'var ErrClosed = errors.New("closed")',
      '',
      'func (s *Store) Get() {',
      '\tconst inner = 2',
      '}',
    ].join('\n');
    expect(lexicalDefinitions(go, 20, 'store/store.go')).toEqual([
      'ModeA',
      'ModeB',
      'first',
      'second',
      'limits',
      'maxSize',
      'minSize',
      'Get',
    ]);
    // Elsewhere a top-level `const x =` is a constant, not a definition; a group is read.
    expect(lexicalDefinitions('const limit = 10;\nvar count = 0;\n', 10, 'a.ts')).toEqual([]);
    expect(lexicalDefinitions('const (\n\tModeA = 1\n)\n', 10)).toEqual(['ModeA']);
  });

  it('reads a receiver only after func: prose writing "type (" takes no definition', () => {
    const ts = [
      '  // todo: add a return type (any, for now)',
      '  function getOpts(self: TestFile): any {',
      '  }',
    ].join('\n');
    expect(lexicalDefinitions(ts, 10)).toEqual(['getOpts']);
  });

  it('stops at the cap', () => {
    expect(lexicalDefinitions('function ab() {}\nfunction cd() {}\n', 1)).toEqual(['ab']);
  });
});

/**
 * The expression before its lookaheads: what the definitions must stay equal to. Its names
 * refuse the words of NOT_NAMES that the pieces below can write, as lexical.ts's refuse all.
 * A Go group is one match here, its lines up to the first that starts with neither a tab nor
 * a line break, and a Go file's top-level `const` names a list.
 */
const NAME = String.raw`((?!(?:export|function|if|import)(?![\w$]))[A-Za-z_$][\w$]+)`;
const LINE_NAME = String.raw`((?!(?:const|export|func|function|if|import|type|var)(?![\w$]))[A-Za-z_$][\w$]+)`;
const LIST = String.raw`[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*`;
const before = (go: boolean) =>
  new RegExp(
    [
      String.raw`\bfunc\s+(?:\([^()\n]*\)\s*)?${NAME}`,
      String.raw`\b(?:function\*?|class|interface|enum|struct|trait|type|def|fn|module|object|record|protocol|extension|namespace|typealias|union|mod|impl)\s+${NAME}`,
      String.raw`\b(?:const|let|var|val)\s+${NAME}\s*(?::[^=\n]{0,80})?=\s*(?:async\s+)?(?:function|\(|[A-Za-z_$][\w$]*\s*=>|class\b)`,
      String.raw`^[ \t]*(?:export\s+)?(?:default\s+)?(?:public|private|protected|internal|static|final|abstract|override|async|virtual|readonly|\s)*[A-Za-z_$][\w$<>,.[\]? ]*\s+${LINE_NAME}\s*\([^;{]*\)\s*(?:throws [\w., ]+)?\{`,
      String.raw`^[ \t]*${LINE_NAME}\s*\([^)\n]*\)\s*\{`,
      go ? String.raw`^const[ \t]+(${LIST})(?=[ \t])` : '(?!)()',
      String.raw`^(?:type|const)[ \t]*\([ \t]*\r?$((?:\n(?:[\t\r][^\n]*)?)*)`,
    ].join('|'),
    'gm',
  );
const MEMBER = new RegExp(String.raw`^\t(${LIST})(?:[ \t=[\r]|$)`, 'gm');

describe('lexicalDefinitions against the expression before its lookaheads', () => {
  it('finds the same names in texts made of its tokens', () => {
    // No power of two of them: the generator's low bits, which pick one, repeat.
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
      'func ',
      'if ',
      'import ',
      '\nvar (\n',
      '\nconst ',
      '\nconst (\n',
      'type',
      '\n\t',
      '\tab = ',
      '\tab, run\n',
      '\tModeB\n',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const lists = (list: string) => list.split(/[ \t]*,[ \t]*/).filter((name) => name.length > 1);
    for (let round = 0; round < 3_000; round++) {
      let text = '';
      for (let n = next() % 40; n > 0; n--) text += pieces[next() % pieces.length];
      for (const go of [false, true]) {
        const found = new Set<string>();
        for (const m of text.matchAll(before(go))) {
          const name = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5];
          if (name) found.add(name);
          else if (m[6]) for (const each of lists(m[6])) found.add(each);
          else {
            for (const member of m[7]!.matchAll(MEMBER)) {
              for (const each of lists(member[1]!)) found.add(each);
            }
          }
        }
        expect(lexicalDefinitions(text, 400, go ? 'a.go' : 'a.ts'), text).toEqual([...found]);
      }
    }
  });
});

describe('lexicalImports', () => {
  it('reads the import forms of the file extension', () => {
    expect(lexicalImports('a.ts', "import { x } from './x';\nconst y = require('y');", 10)).toEqual(
      ['./x', 'y'],
    );
  });

  it('reads what a Python from-import brings in, over lines, beside the module', () => {
    const text = [
      'import os, app.db as db  # the store',
      'import app.cli',
      'from . import views, helpers as h',
      'from ..core import (',
      '    models,  # the tables',
      '    signals,',
      ')',
      'from .utils import slugify, \\',
      '    unslug',
      'from typing import *',
      "'''import this module first.'''",
    ].join('\n');
    expect(lexicalImports('a.py', text, 20)).toEqual([
      '. import views,helpers',
      '..core import models,signals',
      '.utils import slugify,unslug',
      'typing',
      'os',
      'app.db',
      'app.cli',
    ]);
  });
});
