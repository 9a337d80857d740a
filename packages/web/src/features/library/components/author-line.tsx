import type { SharedItemSummary } from '@promptloom/core';
import { cn } from '../../../lib/cn';

/** The author's avatar (or initials) and name. */
export function AuthorLine({
  author,
  className,
}: {
  author: SharedItemSummary['author'];
  className?: string;
}) {
  const initials = author.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span
      className={cn('inline-flex min-w-0 items-center gap-2 text-sm text-slate-600', className)}
    >
      {author.avatarUrl ? (
        <img src={author.avatarUrl} alt="" className="size-6 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden
          className={cn(
            'flex size-6 shrink-0 items-center justify-center rounded-full text-[10px] font-semibold',
            author.isSystem ? 'bg-indigo-600 text-white' : 'bg-slate-200 text-slate-700',
          )}
        >
          {initials || '?'}
        </span>
      )}
      <span className="truncate">{author.name}</span>
    </span>
  );
}
