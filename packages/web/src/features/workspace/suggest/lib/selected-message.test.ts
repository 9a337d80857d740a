import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import '#web/lib/i18n.ts';
import { selectedMessage } from './selected-message';

describe('the message of Select suggested', () => {
  it('gives the whole/outlined split only when some were outlined', () => {
    const t = i18n.getFixedT('en');
    expect(selectedMessage(t, { count: 5, outlined: 0, tokens: '1,591', left: 0 })).toBe(
      '5 suggested files selected, whole (1,591 tokens).',
    );
    expect(selectedMessage(t, { count: 5, outlined: 2, tokens: '900', left: 1 })).toBe(
      '5 suggested files selected (3 whole, 2 outlined, 900 tokens). 1 did not fit the budget and was left out.',
    );
  });

  it('in French too', () => {
    const t = i18n.getFixedT('fr');
    expect(selectedMessage(t, { count: 1, outlined: 0, tokens: '72', left: 0 })).toBe(
      '1 fichier suggéré sélectionné, en entier (72 jetons).',
    );
  });
});
