import type { ReactNode } from 'react';
import { cn } from '../../../../lib/cn';

export const inputClass =
  'block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600';

/** A labelled form field with an optional hint and its validation message underneath. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  optional,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  optional?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label
        htmlFor={id}
        className="mb-1.5 flex items-baseline gap-2 text-sm font-medium text-slate-700"
      >
        {label}
        {optional && <span className="text-xs font-normal text-slate-400">{optional}</span>}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className={cn('mt-1 text-xs font-medium text-red-600')}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes that tie an input to its message. */
export const errorProps = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});
