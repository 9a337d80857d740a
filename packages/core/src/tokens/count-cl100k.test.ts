import { get_encoding } from 'tiktoken';
import { afterAll, describe, expect, it } from 'vitest';
import { countCl100k } from './count-cl100k.js';
import { countO200k } from './count-o200k.js';

/** The oracle: OpenAI's tiktoken, special tokens counted as text (encode_ordinary). */
const tiktoken = {
  cl100k_base: get_encoding('cl100k_base'),
  o200k_base: get_encoding('o200k_base'),
};
afterAll(() => Object.values(tiktoken).forEach((encoding) => encoding.free()));

const COUNTERS = [
  { name: 'cl100k_base', fast: countCl100k },
  { name: 'o200k_base', fast: countO200k },
] as const;

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
  "'ſx",
  "'\u212A",
  'HTTPServer',
  'ABC',
  'camelCase',
  "DON'T",
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
  '\ufeffimport',
  '\u0085',
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
  '\n/',
  '\n//',
];

function randomText(random: () => number, parts: number): string {
  let text = '';
  for (let i = 0; i < parts; i++) {
    text += FRAGMENTS[Math.floor(random() * FRAGMENTS.length)];
  }
  return text;
}

describe.each(COUNTERS)('$name counter against tiktoken', ({ name, fast }) => {
  const reference = (text: string) => tiktoken[name].encode_ordinary(text).length;

  it('equals tiktoken on tricky strings', () => {
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
      'mixed\u00a0nbsp\u3000ideographic space\u0085next line',
      'a <|endoftext|> b <|fim_prefix|>',
      '\u0000\u0001 control',
      "'ſ 'K x'S 'ſx",
      'fn(a, b) {\n    return a + b; // sum\n}\n',
      '}\n//comment\n/* block */\n',
      '1\u0662\u0663 digits mixed',
      '\t\t\tindent\n\t\t}\n',
      // U+FEFF is no whitespace for tiktoken: one piece with the word after it.
      '\uFEFF',
      '\uFEFFimport x from "y";\n',
      'a\uFEFFb \uFEFF\uFEFF',
    ];
    for (const text of cases) expect(fast(text), JSON.stringify(text)).toBe(reference(text));
  });

  it('equals tiktoken on long runs of one character and of mixes (no guard, no estimate)', () => {
    // tiktoken's own merge is quadratic in a piece's length: runs of some thousands keep
    // the oracle quick; 100 000 spaces is the figure, which tiktoken gives as 782.
    const runs = [
      ' '.repeat(12_000),
      'a'.repeat(9_000),
      'abcdefghij'.repeat(900),
      '1'.repeat(10_000),
      '\n'.repeat(5_000),
      '\r\n'.repeat(3_000),
      ' \n'.repeat(3_000),
      '\t'.repeat(4_000),
      'é'.repeat(3_000),
      '日本'.repeat(1_500),
      '='.repeat(6_000),
      `<path d="${'M0 0L10 10Z'.repeat(500)}"/>\n`,
      `data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUgAA'.repeat(300)}`,
    ];
    for (const text of runs) {
      expect(fast(text), `${JSON.stringify(text.slice(0, 12))} x${text.length}`).toBe(
        reference(text),
      );
    }
    expect(fast(' '.repeat(100_000))).toBe(782);
  }, 60_000);

  it('equals tiktoken on 3 000 random mixes of those fragments', () => {
    const random = prng(20_261_121);
    for (let i = 0; i < 3_000; i++) {
      const text = randomText(random, 1 + Math.floor(random() * 40));
      expect(fast(text), JSON.stringify(text)).toBe(reference(text));
    }
  }, 60_000);

  it('equals tiktoken on random printable ASCII with whitespace runs', () => {
    const random = prng(7);
    const alphabet = 'abcXYZ019 \'\t\n\r.,;:{}()[]<>|!?-_=+*/\\"`~@#$%^&';
    for (let i = 0; i < 2_000; i++) {
      const length = Math.floor(random() * 60);
      let text = '';
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(fast(text), JSON.stringify(text)).toBe(reference(text));
    }
  });

  it('merges unseen identifiers, ASCII and not, as tiktoken does', () => {
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
    // Each word is a piece of its own; a sample (early ones cleared from the memo included)
    // is checked against tiktoken, and the whole against the sum of the words.
    for (let i = 0; i < words.length; i += 1_500)
      expect(fast(words[i]!)).toBe(reference(words[i]!));
    expect(total).toBe(words.reduce((sum, word) => sum + fast(word), 0));
  }, 60_000);
});
