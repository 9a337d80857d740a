import { get_encoding } from 'tiktoken';
import { afterAll, describe, expect, it } from 'vitest';
import { PROMPT_SECTION_SEPARATOR } from '../limits';
import { renderFileBlock } from '../prompt/file-block';
import { tokenizerBatches } from './worker-batches';
import { countCl100k } from './count-cl100k.js';
import { CachedTokenCounter, asAsyncCounter, type TokenCounter } from './token-counter';
import { estimateTokens } from './estimate';
import { hashText } from './text-hash';
import { tokenSafePieces } from './token-safe-splitter';

const cl100kCounterForTests: TokenCounter = { count: countCl100k };
const tiktoken = get_encoding('cl100k_base');
afterAll(() => tiktoken.free());
const exact = (text: string) => tiktoken.encode_ordinary(text).length;

describe('countCl100k', () => {
  it('equals tiktoken, a BOM and special tokens counted as tiktoken counts them', () => {
    for (const text of ['hello world', '\uFEFFhello world', 'a <|endoftext|> b']) {
      expect(countCl100k(text), JSON.stringify(text)).toBe(exact(text));
    }
    expect(countCl100k('\uFEFF')).toBe(1);
  });

  it('counts a very long letter run exactly', () => {
    const svg = `<path d="${'abcdefghij'.repeat(1_000)}"/>\n`;
    expect(countCl100k(svg)).toBe(exact(svg));
  });
});

describe('tokenSafePieces', () => {
  it('cuts so that piece counts add up exactly to the whole prompt', () => {
    const segments = [
      'You are helpful.',
      `\n\n${PROMPT_SECTION_SEPARATOR}\n\n${renderFileBlock('a.ts', 'const a = 1;\n  indented();')}`,
      `\n\n${renderFileBlock('b.md', '```js\nx\n```\n')}`,
      '\n\n   leading spaces stay attached',
      'no newline before me',
    ];
    const pieces = tokenSafePieces(segments);
    expect(pieces.join('')).toBe(segments.join(''));
    const sum = pieces.reduce((total, piece) => total + exact(piece), 0);
    expect(sum).toBe(exact(segments.join('')));
  });
});

describe('estimateTokens', () => {
  it('is about one token per 4 characters of prose, more for symbol-heavy code', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcdefgh')).toBe(2);
    const prose = 'word '.repeat(100);
    expect(estimateTokens(prose)).toBe(Math.ceil((400 + 100 * 0.5) / 4));
    const code = '{a:[1],b:(2)};'.repeat(10);
    expect(estimateTokens(code)).toBe(Math.ceil(140 / 3.5));
  });
});

describe('CachedTokenCounter', () => {
  it('counts each distinct text once and serves repeats from the cache', async () => {
    const seen: string[] = [];
    const inner = asAsyncCounter({
      count: (text) => {
        seen.push(text);
        return cl100kCounterForTests.count(text);
      },
    });
    const counter = new CachedTokenCounter(inner);
    expect(await counter.countMany(['a b', 'c', 'a b'])).toEqual([2, 1, 2]);
    expect(seen).toEqual(['a b', 'c']);
    const again = await counter.countManyDetailed(['a b', 'c d']);
    // Each text's cache key comes back too (the browser's workers send them to the page).
    expect(again).toEqual({ counts: [2, 2], misses: 1, keys: [hashText('a b'), hashText('c d')] });
    expect(seen).toEqual(['a b', 'c', 'c d']);
  });

  it('falls back to the estimate when the counter fails', async () => {
    const counter = new CachedTokenCounter({
      countMany: () => Promise.reject(new Error('no worker')),
    });
    expect(await counter.count('abcdefgh')).toBe(estimateTokens('abcdefgh'));
  });
});

describe('tokenizerBatches', () => {
  it('closes a batch at the character or text bound and keeps every text in order', () => {
    const texts = ['aaaa', 'bb', 'cccccc', 'd', 'e', 'f', 'g'];
    const batches = tokenizerBatches(texts, 6, 3);
    expect(batches).toEqual([['aaaa', 'bb'], ['cccccc'], ['d', 'e', 'f'], ['g']]);
    expect(batches.flat()).toEqual(texts);
    expect(tokenizerBatches([])).toEqual([]);
  });
});
