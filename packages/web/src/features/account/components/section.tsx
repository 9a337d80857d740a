import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** One part of the Account page: a titled region the heading names. */
export function Section({
  id,
  title,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn(
        'rounded-lg border p-5',
        danger ? 'border-red-200 bg-red-50/40' : 'border-slate-200 bg-white',
      )}
    >
      <h2
        id={`${id}-heading`}
        className={cn('text-lg font-semibold', danger ? 'text-red-800' : 'text-slate-900')}
      >
        {title}
      </h2>
      <div className="mt-1">{children}</div>
    </section>
  );
}
