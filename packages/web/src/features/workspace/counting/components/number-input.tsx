import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#web/lib/format.ts';

/**
 * What a person typed as a whole number: the UI language's group separator and any spaces
 * are dropped ("16,384", "16 384"); anything else that is not a digit makes it no number.
 */
export function parseGroupedInteger(text: string, language: string): number | null {
  const group = new Intl.NumberFormat(language)
    .formatToParts(10_000)
    .find((part) => part.type === 'group')?.value;
  let digits = text.replace(/\s/g, '');
  if (group) digits = digits.split(group).join('');
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

/**
 * A whole-number field shown with grouped digits, like every count ("16,384", "16 384").
 * While it has focus it keeps what is typed as typed (no regrouping under the caret) and
 * hands over only valid numbers (a cleared field does not reset the value to 0 mid-edit). A text field with the spinbutton
 * role, since a number input cannot show group separators; the arrow keys step by one.
 */
export function NumberInput({
  id,
  value,
  min,
  describedBy,
  onCommit,
}: {
  id: string;
  value: number;
  min: number;
  describedBy?: string;
  onCommit: (value: number) => void;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const shown = formatNumber(value, language);
  // The typed text while the field has focus; null: show the value.
  const [typed, setTyped] = useState<string | null>(null);

  const commit = (next: string) => {
    setTyped(next);
    const n = parseGroupedInteger(next, language);
    if (n !== null && Number.isSafeInteger(n) && n >= min) onCommit(n);
  };
  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    const delta = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    const next = Math.max(min, value + delta);
    setTyped(formatNumber(next, language));
    if (next !== value) onCommit(next);
  };

  return (
    <input
      id={id}
      type="text"
      role="spinbutton"
      inputMode="numeric"
      autoComplete="off"
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuetext={shown}
      aria-describedby={describedBy}
      value={typed ?? shown}
      onFocus={() => setTyped(shown)}
      onChange={(e) => commit(e.target.value)}
      onKeyDown={step}
      onBlur={() => setTyped(null)}
      className="h-6 w-24 shrink-0 rounded-md border-0 bg-white px-2 py-0.5 text-right text-sm text-slate-900 tabular-nums ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
    />
  );
}
