import { ERROR_MESSAGES } from '@promptloom/core';
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/translation.json';
import fr from '../../public/locales/fr/translation.json';

/** Every leaf of a translation file as `dotted.key → value`. */
function leaves(node: unknown, prefix = '', out = new Map<string, unknown>()) {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      leaves(value, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

const EN = leaves(en);
const FR = leaves(fr);
const placeholders = (text: unknown) =>
  [...String(text).matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1]).sort();

describe('locale files (one language at a time, docs/decisions/032)', () => {
  it('hold exactly the same keys in English and French', () => {
    expect(
      [...FR.keys()].filter((key) => !EN.has(key)),
      'keys only in fr',
    ).toEqual([]);
    expect(
      [...EN.keys()].filter((key) => !FR.has(key)),
      'keys only in en',
    ).toEqual([]);
  });

  it('hold a non-empty string for every key', () => {
    for (const [name, map] of [
      ['en', EN],
      ['fr', FR],
    ] as const) {
      const bad = [...map].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
      expect(
        bad.map(([key]) => key),
        `empty or non-string values in ${name}`,
      ).toEqual([]);
    }
  });

  it('use the same placeholders on both sides', () => {
    const mismatched = [...EN.keys()].filter(
      (key) => placeholders(EN.get(key)).join() !== placeholders(FR.get(key)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('translate every server error code in both languages', () => {
    const missing = Object.keys(ERROR_MESSAGES).filter(
      (code) => !EN.has(`errors.${code}`) || !FR.has(`errors.${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('say “jetons” in French, never “token” (one word for one thing)', () => {
    const english = [...FR]
      .filter(([, value]) => /token/i.test(String(value).replace(/{{[^}]*}}/g, '')))
      .map(([key]) => key);
    expect(english).toEqual([]);
  });

  it('give every error code the catalogue’s own text on both sides', () => {
    const differing = Object.entries(ERROR_MESSAGES).flatMap(([code, text]) =>
      (['en', 'fr'] as const)
        .filter((lang) => {
          const local = String((lang === 'en' ? EN : FR).get(`errors.${code}`));
          // Quota texts format their number in the UI language ({{max, number}}).
          return !local.includes('{{max') && local !== text[lang];
        })
        .map((lang) => `${lang}:${code}`),
    );
    expect(differing).toEqual([]);
  });
});

/**
 * French typography, one rule for every string (docs/decisions/198): the straight apostrophe,
 * a plain space before : ; ! ? and inside « », and … for an ellipsis.
 */
describe('the French locale’s typography', () => {
  // Placeholders are code ({{count, number}}), not French. The server's error texts too.
  const texts = [
    ...FR,
    ...Object.entries(ERROR_MESSAGES).map(([code, text]) => [`ERROR_MESSAGES.${code}`, text.fr]),
  ].map(([key, value]) => [String(key), String(value).replace(/{{[^}]*}}/g, 'X')] as const);
  const breaking = (pattern: RegExp) =>
    texts.filter(([, text]) => pattern.test(text)).map(([key]) => key);

  it('writes the apostrophe straight', () => {
    expect(breaking(/’/)).toEqual([]);
  });

  it('puts a plain space before : ; ! ? and inside « »', () => {
    // A mark that ends a sentence or a clause (a space or the end after it, not `https://`).
    expect(breaking(/(?:^|[^ ])[:;!?](?=\s|$)/)).toEqual([]);
    expect(breaking(/«(?! )|(?:^|[^ ])»/)).toEqual([]);
    expect(breaking(/[\u00a0\u202f]/)).toEqual([]);
  });

  it('writes an ellipsis as one character', () => {
    expect(breaking(/\.\.\./)).toEqual([]);
  });
});
