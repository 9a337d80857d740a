import { Lock, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { IconButton } from '../../../components/ui/icon-button';

interface PatternGroupProps {
  title: string;
  patterns: readonly string[];
  /** Absent for the read-only system group: its chips cannot be removed. */
  onRemove?: (pattern: string) => void;
  onRemoveAll?: () => void;
}

/** One category of patterns as chips (removable custom chips, read-only system ones). */
export function PatternGroup({ title, patterns, onRemove, onRemoveAll }: PatternGroupProps) {
  const { t } = useTranslation();
  const readOnly = !onRemove;
  return (
    <section
      aria-label={title}
      className={cn(
        'min-w-0 rounded-lg border p-4',
        readOnly ? 'border-slate-200 bg-slate-50' : 'border-slate-200 bg-white shadow-sm',
      )}
    >
      <header className="mb-3 flex items-center justify-between gap-2">
        <h3 className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-800">
          <span className="truncate" title={title}>
            {title}
          </span>
          <span className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600">
            {patterns.length}
          </span>
        </h3>
        {onRemoveAll && (
          <IconButton
            onClick={onRemoveAll}
            label={t('ignorePatterns.removeCategory', { category: title })}
            className="rounded p-1 text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        )}
      </header>
      <ul className="flex flex-wrap gap-1.5">
        {patterns.map((pattern) => (
          <li
            key={pattern}
            className={cn(
              'inline-flex max-w-full items-center gap-1 rounded-md py-1 font-mono text-xs',
              readOnly
                ? 'bg-slate-200/70 px-2 text-slate-600'
                : 'bg-indigo-50 pr-1 pl-2 text-indigo-900 ring-1 ring-indigo-200 ring-inset',
            )}
          >
            {readOnly && <Lock className="size-3 shrink-0 text-slate-400" aria-hidden />}
            <span className="truncate" title={pattern}>
              {pattern}
            </span>
            {onRemove && (
              <button
                type="button"
                onClick={(event) => {
                  // The chip goes away with its button: focus moves to the next chip's (or
                  // the previous one's) rather than falling to the page.
                  const item = event.currentTarget.closest('li');
                  const neighbour = (
                    item?.nextElementSibling ?? item?.previousElementSibling
                  )?.querySelector('button');
                  onRemove(pattern);
                  neighbour?.focus();
                }}
                aria-label={t('ignorePatterns.removePattern', { pattern })}
                className="rounded p-0.5 text-indigo-400 hover:bg-indigo-100 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
