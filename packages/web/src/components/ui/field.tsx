import type { ReactNode } from 'react';

/** The look of a text input, select or textarea placed in a Field. */
export const inputClass =
  'block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 disabled:bg-slate-50 disabled:text-slate-500';

/**
 * A labelled form field: the control, then its validation message (announced, and tied
 * to the control by `errorProps`) or, when there is none, its hint.
 */
export function Field({
  id,
  label,
  optional,
  hint,
  error,
  children,
}: {
  /** The control's id: the label points at it and the message id derives from it. */
  id: string;
  label: string;
  /** A quiet marker beside the label, such as '(optional)'. */
  optional?: string;
  hint?: ReactNode;
  error?: string;
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
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : (
        hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>
      )}
    </div>
  );
}

/** The aria attributes that tie a control to its Field's validation message. */
export const errorProps = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});
