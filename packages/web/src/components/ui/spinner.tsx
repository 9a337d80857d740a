import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('animate-spin text-current', className ?? 'size-5')}
    />
  );
}

/** A centred spinner with a message, for whole-page waits. */
export function FullPageSpinner({ message }: { message: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex h-full min-h-screen flex-col items-center justify-center gap-3 text-slate-600"
    >
      <Spinner className="size-8 text-indigo-600" />
      <p>{message}</p>
    </div>
  );
}

/** The loading state of a page's content, below its header. */
export function ContentSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-indigo-600">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
