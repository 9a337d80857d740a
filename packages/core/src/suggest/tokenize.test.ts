import { describe, expect, it } from 'vitest';
import { continueTextHash, hashText } from '../tokens/text-hash';
import { sortKeys } from './sort-keys';
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

/** termHashCounts' counts, without its hash state. */
function counted(text: string, windowLines = 0) {
  const { terms, counts, length } = termHashCounts(text, windowLines);
  return { terms, counts, length };
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
    expect(counted(text)).toEqual(expected(text));
  });

  it('gives the same counts for a text met again, and none for a text without names', () => {
    const text = 'fooBar foo_bar FooBar fooBar\nrender(renderedBytes)';
    const first = termHashCounts(text);
    expect(counted('12 + 34; // -- ..')).toEqual({
      terms: new Uint32Array(0),
      counts: new Uint16Array(0),
      length: 0,
    });
    expect(termHashCounts(text)).toEqual(first);
    expect({ terms: first.terms, counts: first.counts, length: first.length }).toEqual(
      expected(text),
    );
  });

  it("keeps each text's arrays apart from the next texts", () => {
    // Generated texts of 1 to ~3,000 distinct names, one past a quarter of a shared buffer:
    // every result compared after all were counted, so a later text writing over an
    // earlier one's arrays would show.
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 48271) >>> 0) % 2147483647) / 2147483647;
    const words = ['parse', 'Args', 'HTTP', 'server', 'render', 'x', 'Bytes', 'v2', 'Café', 'é'];
    const name = () =>
      Array.from({ length: 1 + Math.floor(next() * 3) }, () => words[Math.floor(next() * 10)]).join(
        next() < 0.3 ? '_' : '',
      ) + (next() < 0.5 ? String(Math.floor(next() * 3000)) : '');
    const texts = Array.from({ length: 300 }, (_, i) =>
      Array.from({ length: i === 7 ? 40_000 : 1 + Math.floor(next() * 400) }, (_, j) =>
        j % 9 === 8 ? `${name()}\n` : name(),
      ).join(' '),
    );
    const counted = texts.map((text) => termHashCounts(text, 30));
    texts.forEach((text, i) => {
      const { terms, counts, length } = counted[i]!;
      expect({ terms, counts, length }).toEqual(expected(text));
    });
  });

  it("gives each text's own hash state, which hashText goes on from", () => {
    // Several texts counted before any hash is finished, as a build that reads ahead would:
    // a state kept between calls would give every text the last one's hash.
    const texts = ['', 'a', 'x = 1\r\n', 'fooBar(é)\n'.repeat(50), '12 + 34'];
    const states = texts.map((text) => termHashCounts(text, 30).hash);
    texts.forEach((text, i) => {
      expect(states[i]!.length).toBe(text.length);
      expect(continueTextHash(states[i]!, text)).toBe(hashText(text));
      expect(continueTextHash(states[i]!, `${text}more`)).toBe(hashText(`${text}more`));
    });
  });

  it("sorts keys as the typed array's own sort does", () => {
    let seed = 11;
    const next = () => (seed = (Math.imul(seed, 48271) >>> 0) % 2147483647);
    for (const size of [0, 1, 2, 23, 24, 25, 26, 100, 1_000, 5_000]) {
      const keys = new Float64Array(size + 10);
      // Term hashes times 2^20 plus a place, as termHashCounts' keys: distinct.
      for (let i = 0; i < size; i++) keys[i + 5] = (next() >>> 0) * 2 ** 20 + i;
      const sorted = keys.slice();
      sorted.subarray(5, 5 + size).sort();
      sortKeys(keys, 5, 5 + size);
      expect(keys).toEqual(sorted);
    }
  });

  it('caps a count at 0xffff, as the index stores it', () => {
    const text = 'same '.repeat(70_000);
    const { counts, length } = termHashCounts(text);
    expect([...counts]).toEqual([0xffff]);
    expect(length).toBe(70_000);
  });
});
