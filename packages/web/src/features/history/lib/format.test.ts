import { describe, expect, it } from 'vitest';
import { formatEntryTime } from './format';

describe('history formats', () => {
  it('shows the hour and minute, 24-hour', () => {
    const at = new Date(2026, 10, 21, 15, 7).getTime();
    expect(formatEntryTime(at, 'en')).toBe('15:07');
    expect(formatEntryTime(at, 'fr')).toBe('15:07');
  });
});
