import { describe, expect, it } from 'vitest';
import { formatEntryTime } from './format';

describe('formatEntryTime', () => {
  it('follows the UI language’s clock, not one 24-hour style', () => {
    const at = new Date(2026, 10, 28, 5, 33).getTime();
    expect(formatEntryTime(at, 'en')).toMatch(/^5:33\sAM$/);
    expect(formatEntryTime(at, 'fr')).toBe('05:33');
  });
});
