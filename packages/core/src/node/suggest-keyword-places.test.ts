import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lexicalDefinitions, lexicalImports } from '../suggest/lexical';
import { keywordPlaces, termHashCounts } from '../suggest/term-hash-counts';

/** Definitions and imports read at the scan's keyword places, and at every character. */
function both(text: string, path: string) {
  termHashCounts(text, 30);
  const keywords = keywordPlaces(text);
  return {
    at: [
      lexicalDefinitions(text, 400, path, keywords?.definitions, keywords?.lines),
      lexicalDefinitions(text, 400, path, keywords?.definitions),
      lexicalImports(path, text, 200, keywords?.imports),
    ],
    every: [
      lexicalDefinitions(text, 400, path),
      lexicalDefinitions(text, 400, path),
      lexicalImports(path, text, 200),
    ],
    sure: keywords !== undefined,
  };
}

describe('the lexical expressions at the term scan keyword places', () => {
  it('read what they read at every character, in generated texts', () => {
    // No power of two of them: the generator's low bits, which pick one, repeat.
    const pieces = [
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\u2028',
      '\u3000',
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
      'let',
      '= ',
      '=> ',
      'x, ',
      'function ',
      'function* ',
      'func ',
      'func (r *T) ',
      'class ',
      'def ',
      'fn ',
      'type',
      'if ',
      'import ',
      'from ',
      'require(',
      "'./x'",
      '"y"',
      '$',
      'é',
      '1',
      '_',
      'x'.repeat(70),
      '\nvar (\n',
      '\nconst ',
      '\nconst (\n',
      '\n\t',
      '\tab = ',
      '\tab, run\n',
      '\tModeB\n',
    ];
    let seed = 11;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    let sure = 0;
    for (let round = 0; round < 4_000; round++) {
      let text = '';
      for (let n = next() % 48; n > 0; n--) text += pieces[next() % pieces.length];
      for (const path of ['a.ts', 'a.go', 'A.java', 'a.php']) {
        const { at, every, sure: listed } = both(text, path);
        expect(at, JSON.stringify(text)).toEqual(every);
        if (listed) sure++;
      }
    }
    // Most texts are read at their keywords' places, not at every character.
    expect(sure).toBeGreaterThan(4 * 4_000 * 0.5);
  });

  it('list a keyword inside an identifier where an expression may read it', () => {
    const places = (text: string) => {
      termHashCounts(text);
      const places = keywordPlaces(text);
      return places && { definitions: places.definitions, imports: places.imports };
    };
    const definitions = (...at: number[]) => ({
      definitions: Int32Array.from(at),
      imports: new Int32Array(0),
    });
    expect(places('x = $function ab() {}')).toEqual(definitions(5));
    expect(places('éclass Ab {}')).toEqual(definitions(1));
    expect(places('function\u3000ab() {}')).toEqual(definitions(0));
    expect(places('$defineX ɵmod: T; type$x é1class')).toEqual(definitions(10));
    expect(places(`${'y'.repeat(70)}$import('x')`)).toEqual({
      definitions: new Int32Array(0),
      imports: Int32Array.of(71),
    });
    // Two in one identifier: the expressions are read at every character.
    expect(places('x = éconstéclass')).toBeUndefined();
    termHashCounts('  a.b(x);\n\n\t$x y(\r\nz = f(1);');
    expect(keywordPlaces('')?.lines).toEqual(Int32Array.of(0, 5, 10, 16));
    expect(places('function ab() {}\nimport x from "y";\nconst fromage = 1;')).toEqual({
      definitions: Int32Array.of(0, 36),
      imports: Int32Array.of(17, 26),
    });
  });

  it('read what they read at every character, in this repository’s sources', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (path) => /\.(ts|tsx|js|mjs|go|rs|py)$/.test(path) && !path.includes('node_modules'),
    );
    expect(files.length).toBeGreaterThan(300);
    for (const path of files) {
      const text = readFileSync(join(root, path), 'utf8');
      const { at, every } = both(text, path);
      expect(at, path).toEqual(every);
    }
  });
});
