import { describe, expect, it } from 'vitest';
import { formatEntryTime, formatThousands } from './format';

describe('history formats', () => {
  it('shows tokens in thousands', () => {
    expect(formatThousands(12_345, 'en')).toBe('12.3');
    expect(formatThousands(12_345, 'fr')).toBe('12,3');
    expect(formatThousands(1_000, 'en')).toBe('1.0');
    expect(formatThousands(450, 'en')).toBe('0.5');
    expect(formatThousands(42, 'en')).toBe('0.04');
    expect(formatThousands(0, 'en')).toBe('0.0');
  });

  it('shows the hour and minute, 24-hour', () => {
    const at = new Date(2026, 10, 21, 15, 7).getTime();
    expect(formatEntryTime(at, 'en')).toBe('15:07');
    expect(formatEntryTime(at, 'fr')).toBe('15:07');
  });
});
