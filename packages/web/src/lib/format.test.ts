import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, formatTime } from './format';

describe('formatNumber', () => {
  it('groups digits per language', () => {
    expect(formatNumber(200_000, 'en')).toBe('200,000');
    // French groups with a narrow no-break space (U+202F).
    expect(formatNumber(200_000, 'fr')).toBe('200\u202f000');
    expect(formatNumber(42, 'fr')).toBe('42');
  });
});

describe('formatDateTime and formatTime', () => {
  // Local time, so the test holds in any time zone.
  const at = new Date(2026, 10, 28, 5, 33);

  it('write a date the way the UI language does, not in ISO', () => {
    expect(formatDateTime(at, 'en')).toMatch(/^Nov 28, 2026, 5:33\sAM$/);
    expect(formatDateTime(at, 'fr')).toBe('28 nov. 2026, 05:33');
  });

  it('write the time of day in the language’s clock', () => {
    expect(formatTime(at, 'en')).toMatch(/^5:33\sAM$/);
    expect(formatTime(at, 'fr')).toBe('05:33');
  });
});
