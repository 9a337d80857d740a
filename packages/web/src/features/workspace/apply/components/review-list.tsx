import type { PlannedFile } from '@promptloom/core';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { UNWRITABLE } from '../lib/review';
import { applyActions, useApplyStore } from '../stores/apply-store';

const STATUS_CLASSES: Record<PlannedFile['status'], string> = {
  modified: 'bg-amber-100 text-amber-800',
  new: 'bg-emerald-100 text-emerald-800',
  deleted: 'bg-red-100 text-red-800',
  renamed: 'bg-sky-100 text-sky-800',
  failed: 'bg-red-600 text-white',
  unchanged: 'bg-slate-100 text-slate-700',
};

/** Rows drawn with the review's first frame; the rest follow in a render typing can interrupt. */
const FIRST_ROWS = 16;

/**
 * Every file the answer touches: a checkbox named by its path (checked when it applies
 * cleanly; disabled when its blocks failed or it holds the answer already), its status, +/− line counts and how
 * many of its blocks were already applied; clicking the row shows its diff.
 */
export function ReviewList({ files }: { files: readonly PlannedFile[] }) {
  const { t } = useTranslation();
  const review = useApplyStore((s) => s.review);
  const selected = useApplyStore((s) => s.selected);
  // A large answer's hundred rows would hold back the frame that shows the first file's
  // review: the rows past the first screens come in the next render.
  const [drawn, setDrawn] = useState(FIRST_ROWS);
  useEffect(() => {
    if (drawn >= files.length) return;
    const timer = setTimeout(() => startTransition(() => setDrawn(files.length)), 0);
    return () => clearTimeout(timer);
  }, [drawn, files.length]);
  if (!review) return null;
  return (
    <ul aria-label={t('apply.filesLabel')} className="flex flex-col gap-1">
      {files.slice(0, drawn).map((file) => {
        const stale = review.staleSincePrompt.has(file.path);
        return (
          <li
            key={file.path}
            className={cn(
              'flex items-center gap-2 rounded-md border px-2 py-1.5 text-sm',
              selected === file.path ? 'border-indigo-400 bg-indigo-50' : 'border-slate-200',
            )}
          >
            <input
              type="checkbox"
              aria-label={file.path}
              checked={review.checked.has(file.path)}
              disabled={UNWRITABLE.has(file.status)}
              onChange={() => applyActions.toggle(file.path)}
              className="size-4 shrink-0"
            />
            <button
              type="button"
              data-review-file
              onClick={() => applyActions.select(file.path)}
              aria-pressed={selected === file.path}
              className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5 text-left"
            >
              <span className="min-w-0 flex-1 truncate font-mono text-xs" title={file.path}>
                {file.oldPath ? `${file.oldPath} → ${file.path}` : file.path}
              </span>
              {stale && (
                <span className="rounded bg-amber-500 px-1.5 text-[10px] font-semibold text-white">
                  {t('apply.staleBadge')}
                </span>
              )}
              {file.replacesDeleted && (
                <span className="rounded bg-red-100 px-1.5 text-[10px] font-semibold text-red-800">
                  {t('apply.replacesDeletedBadge')}
                </span>
              )}
              <span
                className={cn(
                  'rounded px-1.5 text-[10px] font-semibold uppercase',
                  STATUS_CLASSES[file.status],
                )}
              >
                {t(`apply.status.${file.status}`)}
              </span>
              <span className="w-16 shrink-0 text-right font-mono text-xs">
                <span className="text-emerald-700">+{file.added}</span>{' '}
                <span className="text-red-700">−{file.removed}</span>
              </span>
              {file.alreadyApplied > 0 && (
                <span className="basis-full text-xs text-slate-600">
                  {t('apply.alreadyAppliedBlocks', { count: file.alreadyApplied })}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
