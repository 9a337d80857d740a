import { describe, expect, it } from 'vitest';
import { termHashCounts } from './term-hash-counts';
import { countTerms, termHash } from './tokenize';

/** What termHashCounts must give: countTerms' terms, hashed, merged by hash, ascending. */
function expected(text: string) {
  const counts = new Map<string, number>();
  const length = countTerms(text, counts);
  const byHash = new Map<number, number>();
  for (const [term, count] of counts) {
    const hash = termHash(term);
    byHash.set(hash, (byHash.get(hash) ?? 0) + count);
  }
  const terms = Uint32Array.from(byHash.keys()).sort();
  const termCounts = Uint16Array.from(terms, (hash) => Math.min(byHash.get(hash)!, 0xffff));
  return { terms, counts: termCounts, length };
}

describe('termHashCounts', () => {
  it('counts the terms countTerms finds, by hash, in ascending order', () => {
    const text = [
      'export function parseArgs(argv: string[]) { return parse_args(argv, $config); }',
      'class HTTPServer extends v2Api {} // ÉtéCafé naïveWord 123abc a1b2 __proto__',
      `const ${'x'.repeat(65)} = ${'y'.repeat(64)}; parseArgs(parseArgs); _ $ a`,
      'getHTTPSUrl ABCdef AB aB Ab A_B_C $foo$bar __init__ fooFoo parsing things TESTS class',
      'ABÉ AÉtude ÉTÉ straßeName ẞIG Kelvin\u212Aok ΣΊΣΥΦΟΣ ΌΣΟΣ İstanbulCity ǅungla ΑΒΓ',
      '\u{10400}\u{10428}Word naïveTestsIng x\u{10400}',
    ].join('\n');
    expect(termHashCounts(text)).toEqual(expected(text));
  });

  it('gives the same counts for a text met again, and none for a text without names', () => {
    const text = 'fooBar foo_bar FooBar fooBar\nrender(renderedBytes)';
    const first = termHashCounts(text);
    expect(termHashCounts('12 + 34; // -- ..')).toEqual({
      terms: new Uint32Array(0),
      counts: new Uint16Array(0),
      length: 0,
    });
    expect(termHashCounts(text)).toEqual(first);
    expect(first).toEqual(expected(text));
  });

  it('caps a count at 0xffff, as the index stores it', () => {
    const text = 'same '.repeat(70_000);
    const { counts, length } = termHashCounts(text);
    expect([...counts]).toEqual([0xffff]);
    expect(length).toBe(70_000);
  });
});
