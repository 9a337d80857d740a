import { describe, expect, it } from 'vitest';
import { accessTokenBodySchema } from './access-tokens';
import { blockBodySchema } from './blocks';
import { compositionBodySchema } from './compositions';
import { hasHiddenCharacter } from './names';
import { tagSchema } from './shared-items';

const BIDI_CONTROLS = [
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E'],
  ...['\u2066', '\u2067', '\u2068', '\u2069'],
  ...['\u200E', '\u200F', '\u061C'],
];
const OTHER_HIDDEN = [
  '\u200B', // zero-width space
  '\u2060', // word joiner
  '\uFEFF', // BOM / zero-width no-break space
  '\u00AD', // soft hyphen
  '\u034F', // combining grapheme joiner
  '\u3164', // Hangul filler
  '\u180E', // Mongolian vowel separator
  '\u2028', // line separator
  '\u0007', // bell
  '\n',
  '\t',
  '\uFE0F', // an emoji presentation selector after a letter
  '\u{E0041}', // a stray tag letter
];

describe('hasHiddenCharacter', () => {
  it('finds every bidirectional control and other invisible characters', () => {
    for (const char of [...BIDI_CONTROLS, ...OTHER_HIDDEN]) {
      const code = char.codePointAt(0)!.toString(16);
      expect(hasHiddenCharacter(`abc${char}def`), code).toBe(true);
      expect(hasHiddenCharacter(`${char}abc`), code).toBe(true);
    }
  });

  it('refuses joiners between Latin letters, where they only hide a difference', () => {
    expect(hasHiddenCharacter('ad\u200Dmin')).toBe(true);
    expect(hasHiddenCharacter('ad\u200Cmin')).toBe(true);
  });

  it('accepts ordinary names in many scripts, and emoji as they are written', () => {
    const names = [
      'Code reviewer',
      'Revue de code — étape 2',
      'Überprüfung',
      'Проверка кода',
      'コードレビュー',
      'مراجعة الكود',
      'می\u200Cخواهم', // Persian: a zero-width non-joiner inside the word
      'क्\u200Dष', // Devanagari: a joiner after a virama
      'Team 👩\u200D💻 review', // joined emoji
      '\u2764\uFE0F favourites', // emoji presentation selector
      '1\uFE0F\u20E3 first', // keycap
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland', // subdivision flag (tag characters)
      '👍🏽 ok', // skin tone
      '👩🏽\u200D💻 at work', // skin tone, then a joined emoji
    ];
    for (const name of names) expect(hasHiddenCharacter(name), name).toBe(false);
  });
});

describe('every name refuses hidden characters with one code', () => {
  const spoof = 'Safe\u202Etxt.exe';
  const cases: [string, () => { success: boolean; error?: { issues: unknown[] } }][] = [
    ['block name', () => blockBodySchema.safeParse({ name: spoof, content: 'x', type: 'STATIC' })],
    [
      'block category',
      () =>
        blockBodySchema.safeParse({ name: 'ok', content: 'x', type: 'STATIC', category: spoof }),
    ],
    ['composition name', () => compositionBodySchema.safeParse({ name: spoof, blockIds: [] })],
    ['tag', () => tagSchema.safeParse(spoof)],
    ['access token name', () => accessTokenBodySchema.safeParse({ name: spoof })],
  ];

  it.each(cases)('%s', (_, parse) => {
    const result = parse();
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({
        message: expect.stringMatching(/^NAME_HIDDEN_CHARACTER\|/) as unknown,
      }),
    );
  });

  it('leaves content free: a block’s text may hold any of them', () => {
    const result = blockBodySchema.safeParse({ name: 'ok', content: spoof, type: 'STATIC' });
    expect(result.success).toBe(true);
  });
});
