import { useEffect, useState } from 'react';

/**
 * A whole-number input that keeps what is typed while it is being typed and hands over
 * only valid numbers (a cleared field does not reset the value to 0 mid-edit).
 */
export function NumberInput({
  id,
  value,
  min,
  title,
  onCommit,
}: {
  id: string;
  value: number;
  min: number;
  title?: string;
  onCommit: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={min}
      step={1}
      title={title}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value !== '' && Number.isInteger(n) && n >= min) onCommit(n);
      }}
      onBlur={() => setText(String(value))}
      className="w-24 shrink-0 rounded-md border-0 bg-white px-2 py-0.5 text-sm text-slate-900 tabular-nums ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
    />
  );
}
