import { cn } from '#web/lib/cn.ts';

/**
 * A project path on one line that, when it is too long, loses its start rather than its end:
 * `…deep/folder/handlers.ts` keeps the file's name, where a plain ellipsis would cut it off.
 * The box runs right to left so that the ellipsis goes on the left; the path itself is isolated
 * left to right (`bdi`), so its slashes and dots stay in place. Its text is the whole path
 * (copy, search, a control's accessible name); its title shows it on hover.
 */
export function FilePath({ path, className }: { path: string; className?: string }) {
  return (
    <span dir="rtl" className={cn('min-w-0 truncate text-left font-mono', className)} title={path}>
      <bdi>{path}</bdi>
    </span>
  );
}
