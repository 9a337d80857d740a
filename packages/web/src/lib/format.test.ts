import { describe, expect, it } from 'vitest';
import { formatNumber } from './format';

describe('formatNumber', () => {
  it('groups digits per language', () => {
    expect(formatNumber(200_000, 'en')).toBe('200,000');
    // French groups with a narrow no-break space (U+202F).
    expect(formatNumber(200_000, 'fr')).toBe('200\u202f000');
    expect(formatNumber(42, 'fr')).toBe('42');
  });
});
