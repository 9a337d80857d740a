import { describe, expect, it } from 'vitest';
import { blockBodySchema } from './blocks';
import { textIssue } from './text';

describe('textIssue', () => {
  it('accepts ordinary text, emoji (a proper surrogate pair) and U+FFFD', () => {
    for (const value of ['', 'héllo', 'a😀b', '\uD83D\uDE00', '\uFFFD', 'tab\tnewline\n']) {
      expect(textIssue(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('finds NUL anywhere and lone surrogates of either half', () => {
    expect(textIssue('a\u0000')).toBe('TEXT_NUL_CHARACTER');
    expect(textIssue('\uD800')).toBe('TEXT_LONE_SURROGATE');
    expect(textIssue('x\uDBFFy')).toBe('TEXT_LONE_SURROGATE');
    expect(textIssue('\uDC00x')).toBe('TEXT_LONE_SURROGATE');
    // Two high halves in a row: the first has no low half after it.
    expect(textIssue('\uD83D\uD83D\uDE00')).toBe('TEXT_LONE_SURROGATE');
    // Agrees with the platform's own check of well-formed UTF-16.
    for (const value of ['\uD83D\uD83D\uDE00', '\uDE00\uD83D', 'ok\uD83D\uDE00']) {
      expect(textIssue(value) === null).toBe(encodeURIComponentOk(value));
    }
  });

  it('is part of the shared schemas, with the code the forms translate', () => {
    const result = blockBodySchema.safeParse({ name: 'a\u0000', content: 'x', type: 'STATIC' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['name'],
      message: expect.stringMatching(/^TEXT_NUL_CHARACTER\|/) as unknown,
    });
  });
});

/** encodeURIComponent throws a URIError exactly on lone surrogates. */
function encodeURIComponentOk(value: string): boolean {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}
