import { describe, expect, it } from 'vitest';
import { countCl100kGuarded, countCl100kReference } from './count-cl100k.js';

/** Far above any piece below: the fast path alone, no guard. */
const NO_GUARD = 1_000_000_000;
const fast = (text: string) => countCl100kGuarded(text, NO_GUARD, 500);
/** gpt-tokenizer's count of the text as the counter sees it (a leading BOM is dropped). */
const reference = (text: string) => countCl100kReference(text.replace(/^\uFEFF/, ''));

/** Deterministic PRNG (mulberry32) so a failure can be replayed. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Fragments chosen where the pre-tokenizer's alternatives meet: contractions in every case,
// CR/LF mixes, whitespace runs before newlines and at the end, digit runs, punctuation
// followed by newlines, and non-ASCII letters, digits, spaces and emoji next to ASCII.
const FRAGMENTS = [
  "'s",
  "'S",
  "'t",
  "'T",
  "'re",
  "'RE",
  "'rE",
  "'ve",
  "'Ve",
  "'m",
  "'M",
  "'ll",
  "'LL",
  "'lL",
  "'d",
  "'D",
  "'x",
  "'",
  "''",
  "'ſ",
  "'\u212A",
  "don't",
  "I'M",
  "we'Re",
  'it’s',
  ' ',
  '  ',
  '   ',
  '\t',
  '\t\t',
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  ' \n',
  '  \n  ',
  '\t\n',
  '\u000b',
  '\f',
  ' \r\n ',
  '\n ',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\u2028',
  '\ufeff',
  '0',
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '٣٤٥',
  '²',
  '½',
  'Ⅻ',
  '१२३',
  'a',
  'ab',
  'Hello',
  'world',
  'fooBar',
  'x_y',
  'αβγ',
  'é',
  'naïve',
  'Ünïcödé',
  '日本語',
  'カタカナ',
  'Привет',
  'ǅ',
  'ß',
  'İ',
  'ﬁ',
  'e\u0301',
  '👍',
  '👨‍👩‍👧',
  '🇫🇷',
  '\ud83d',
  '\ude00',
  '😀😀',
  '.',
  ',',
  ';',
  '{',
  '}',
  '()',
  '=>',
  '===',
  '/*',
  '*/',
  '//',
  '!',
  '?!',
  '...',
  '<|endoftext|>',
  '<|fim_prefix|>',
  '@',
  '#',
  '$',
  '%',
  '^',
  '&',
  '*',
  '-',
  '+',
  '`',
  '~',
  '|',
  '\\',
  '"',
  '\u0000',
  '\u0007',
  '\u001f',
  '\u007f',
  '—',
  '…',
  '«',
  '»',
  '€',
  '©',
  '\u200b',
  '.\n',
  ';\r\n',
  '}\n\n',
  '!\r\r\n',
  ' .',
  ' ;\n',
  ' {',
  '  {',
  '\t{',
  ' 1',
  '  1',
  ' é',
  ' 日',
];

function randomText(random: () => number, parts: number): string {
  let text = '';
  for (let i = 0; i < parts; i++) {
    text += FRAGMENTS[Math.floor(random() * FRAGMENTS.length)];
  }
  return text;
}

describe('countCl100kGuarded (exact fast pre-tokenizer)', () => {
  it('equals gpt-tokenizer on tricky strings', () => {
    const cases = [
      '',
      'hello world',
      "He's here, isn't he? They'RE. WE'LL 'D 'Ll",
      'a\r\nb\r\n\r\n  c \n\t\n',
      'trailing spaces   ',
      'trailing newline spaces \n  ',
      '   leading',
      'x  \n\n  y',
      'digits 1234567 and 12 3',
      'punct!!!\n\n\nnext',
      ' ?!\r\n\r\n',
      'café naïve 日本語テキスト',
      'emoji 👍🏽 and 👨‍👩‍👧 family',
      'mixed\u00a0nbsp\u3000ideographic space',
      'a <|endoftext|> b',
      '\u0000\u0001 control',
      "'ſ 'K x'S",
      'fn(a, b) {\n    return a + b; // sum\n}\n',
      '1\u0662\u0663 digits mixed',
      '\t\t\tindent\n\t\t}\n',
    ];
    for (const text of cases) expect(fast(text), JSON.stringify(text)).toBe(reference(text));
  });

  it('equals gpt-tokenizer on 3 000 random mixes of those fragments', () => {
    const random = prng(20_261_121);
    for (let i = 0; i < 3_000; i++) {
      const text = randomText(random, 1 + Math.floor(random() * 40));
      expect(fast(text), JSON.stringify(text)).toBe(reference(text));
    }
  });

  it('equals gpt-tokenizer on random printable ASCII with whitespace runs', () => {
    const random = prng(7);
    const alphabet = 'abcXYZ019 \'\t\n\r.,;:{}()[]<>|!?-_=+*/\\"`~@#$%^&';
    for (let i = 0; i < 2_000; i++) {
      const length = Math.floor(random() * 60);
      let text = '';
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(fast(text), JSON.stringify(text)).toBe(reference(text));
    }
  });

  it('merges unseen identifiers, ASCII and not, as gpt-tokenizer does', () => {
    const random = prng(42);
    const letters = 'etaoinshrdlucmfwypvbgkqjxzETAOINSHRDLUéüßøñçжщλ日本';
    for (let i = 0; i < 2_000; i++) {
      const length = 2 + Math.floor(random() * 40);
      let word = random() < 0.5 ? ' ' : '';
      for (let j = 0; j < length; j++) word += letters[Math.floor(random() * letters.length)];
      expect(fast(word), JSON.stringify(word)).toBe(reference(word));
    }
  });

  it('stays exact when the memo fills up and is cleared', () => {
    // More distinct pieces than the memo holds (262 144), then the first ones again.
    const lettersOf = (n: number) =>
      [...n.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('');
    const words = Array.from({ length: 300_000 }, (_, i) => ` q${lettersOf(i)}`);
    const total = fast(words.join(''));
    // Each word is a piece of its own. gpt-tokenizer takes seconds on 300 000 unseen words,
    // so a sample of them is checked against it, early ones (cleared from the memo) included.
    for (let i = 0; i < words.length; i += 150) expect(fast(words[i]!)).toBe(reference(words[i]!));
    expect(total).toBe(words.reduce((sum, word) => sum + fast(word), 0));
  });

  it('counts repeated pieces from the memo with the same result', () => {
    const code = 'export const value = compute(alpha, beta) + 42;\n';
    const once = fast(code);
    expect(fast(code.repeat(100))).toBe(countCl100kReference(code.repeat(100)));
    expect(fast(code)).toBe(once);
  });

  it('strips a BOM and counts pieces above the guard in chunks', () => {
    expect(countCl100kGuarded('\uFEFFhello world', NO_GUARD, 500)).toBe(2);
    const run = `x="${'abcdefghij'.repeat(1_000)}"\n`;
    const guarded = countCl100kGuarded(run, 2_000, 500);
    const exactCount = countCl100kReference(run);
    // 20 chunks of 500 letters: at most a few tokens off per chunk.
    expect(Math.abs(guarded - exactCount)).toBeLessThanOrEqual(60);
    expect(countCl100kGuarded(run, NO_GUARD, 500)).toBe(exactCount);
  });
});
