import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * The "nothing here yet" box every list shows when it has nothing to list: an icon, a title,
 * a line of description and the actions that fill it. `heading` makes the title an h2 where it
 * names a page's content (a screen reader lists it among the headings); elsewhere it is a
 * paragraph. `framed={false}` drops the dashed border where the surrounding panel already
 * frames the place (the file tree).
 */
export function EmptyState({
  icon: Icon,
  title,
  description,
  actions,
  heading = false,
  framed = true,
  className,
}: {
  icon?: LucideIcon;
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  heading?: boolean;
  framed?: boolean;
  className?: string;
}) {
  const Title = heading ? 'h2' : 'p';
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center px-4 py-12 text-center sm:px-6',
        framed && 'rounded-lg border-2 border-dashed border-slate-300',
        className,
      )}
    >
      {Icon && <Icon className="mb-3 size-10 text-slate-400" aria-hidden />}
      {title && <Title className="font-medium text-balance text-slate-900">{title}</Title>}
      {description && (
        <p className={cn('max-w-sm text-sm text-pretty text-slate-500', title ? 'mt-1' : false)}>
          {description}
        </p>
      )}
      {actions && (
        <div className="mt-5 flex flex-wrap items-center justify-center gap-x-5 gap-y-3">
          {actions}
        </div>
      )}
    </div>
  );
}
