import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '#web/lib/i18n.ts';
import { NumberInput, parseGroupedInteger } from './number-input';

/** A NumberInput labelled "Answer reserve" that keeps what it commits, as the store does. */
function Reserve({ initial }: { initial: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="reserve">Answer reserve</label>
      <NumberInput id="reserve" value={value} min={0} onCommit={setValue} />
      <output data-testid="stored">{value}</output>
    </>
  );
}

const field = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Answer reserve' });
const stored = () => Number(screen.getByTestId('stored').textContent);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('NumberInput', () => {
  it('shows grouped digits like every count: 16,384 in English, 16 384 in French', async () => {
    const { unmount } = render(<Reserve initial={16_384} />);
    expect(field().value).toBe('16,384');
    expect(field().getAttribute('aria-valuenow')).toBe('16384');
    unmount();
    await i18n.changeLanguage('fr');
    render(<Reserve initial={16_384} />);
    expect(field().value.replace(/\s/g, ' ')).toBe('16 384');
  });

  it('takes what is typed, grouped or not, and regroups it once left', async () => {
    render(<Reserve initial={16_384} />);
    await userEvent.clear(field());
    // A cleared field keeps the last number until a new one is typed.
    expect(stored()).toBe(16_384);
    await userEvent.type(field(), '20,000');
    expect(stored()).toBe(20_000);
    expect(field().value).toBe('20,000');
    await userEvent.clear(field());
    await userEvent.type(field(), '32768');
    expect(field().value).toBe('32768');
    await userEvent.tab();
    expect(field().value).toBe('32,768');
    expect(stored()).toBe(32_768);
  });

  it('steps by one with the arrow keys, never below its minimum', async () => {
    render(<Reserve initial={1} />);
    await userEvent.click(field());
    await userEvent.keyboard('{ArrowUp}');
    expect(stored()).toBe(2);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(stored()).toBe(0);
  });

  it('parses the UI language’s grouping and refuses anything else', () => {
    expect(parseGroupedInteger('16,384', 'en')).toBe(16_384);
    expect(parseGroupedInteger('16 384', 'fr')).toBe(16_384);
    expect(parseGroupedInteger('16\u202f384', 'fr')).toBe(16_384);
    expect(parseGroupedInteger('1.5', 'en')).toBeNull();
    expect(parseGroupedInteger('-3', 'en')).toBeNull();
    expect(parseGroupedInteger('', 'en')).toBeNull();
  });
});
