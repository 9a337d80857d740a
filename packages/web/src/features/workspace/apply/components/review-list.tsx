import type { TFunction } from 'i18next';
import type { PlannedFile } from '@promptloom/core';
import {
  defaultRangeExtractor,
  elementScroll,
  useVirtualizer,
  type Range,
} from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePath } from '#web/components/ui/file-path.tsx';
import { cn } from '#web/lib/cn.ts';
import { afterFrame } from '#web/lib/yield-to-browser.ts';
import { isPureRename, UNWRITABLE } from '../lib/review';
import { applyActions, useApplyStore } from '../stores/apply-store';

const STATUS_CLASSES: Record<PlannedFile['status'], string> = {
  modified: 'bg-amber-100 text-amber-800',
  new: 'bg-emerald-100 text-emerald-800',
  deleted: 'bg-red-100 text-red-800',
  renamed: 'bg-sky-100 text-sky-800',
  failed: 'bg-red-600 text-white',
  unchanged: 'bg-slate-100 text-slate-700',
};

/** The label's key of a rename that keeps the file's text. */
const RENAMED_ONLY = 'renamedOnly';

/** A row of one line (its border, padding and the checkbox's line); a taller row is measured. */
const ROW_PX = 34;
const ROW_GAP_PX = 4;
/**
 * Rows drawn past either edge of the view: Tab and Shift+Tab find the next row drawn. Not in
 * the review's first frames, which style and lay out every row they draw while the keys typed
 * meanwhile wait: those rows come in the frame after the view is full.
 */
const OVERSCAN = 6;
/**
 * The rows the review's first frame draws at most: about half of those in view at 1440 × 900
 * (15). The rest of the view comes in the next frame, and the rows past either edge in the one
 * after: each frame styles and lays out only the rows it adds, so that a key typed meanwhile
 * waits on a part of the list, not all of it at once.
 */
const FIRST_FRAME_ROWS = 8;
type Drawn = 'first' | 'view' | 'all';
/** The review's scrolling box, in the dialog. */
const SCROLL_BOX = '[data-review-scroll]';

/**
 * Sizes seen by a ResizeObserver, after the frame's own layout: reading an element's size
 * while the review is committed would lay the dialog out in that task, and the list's frame
 * would do it again.
 */
function observeBox(element: Element, onSize: (entry: ResizeObserverEntry) => void) {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) onSize(entry);
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Every file the answer touches: a checkbox named by its path (checked when it applies
 * cleanly; disabled when its blocks failed or it holds the answer already), its status, +/− line
 * counts (none when it has nothing to write) and how many of its blocks were already applied;
 * clicking the row shows its diff.
 *
 * Only the rows in view (and a few either side) are drawn: a large answer's hundred rows would
 * make the review's first render and the frame that lays it out several times longer, while
 * keys typed in the dialog wait on both. The row holding the focus stays drawn when it scrolls
 * out of view.
 */
export function ReviewList({ files }: { files: readonly PlannedFile[] }) {
  const { t } = useTranslation();
  const review = useApplyStore((s) => s.review);
  const selected = useApplyStore((s) => s.selected);
  // One translation per status, not one per row: a row's render is the review's first task.
  const statusLabels = useMemo(() => {
    const labels = new Map<string, string>();
    for (const status of Object.keys(STATUS_CLASSES))
      labels.set(status, t(`apply.status.${status as PlannedFile['status']}`));
    labels.set(RENAMED_ONLY, t('apply.status.renamedOnly'));
    return labels;
  }, [t]);
  const listRef = useRef<HTMLUListElement>(null);
  const focused = useRef<number | null>(null);
  // Where the list begins in the scrolling box (below the blocks that name no file).
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    return observeBox(list, () => setOffset(list.offsetTop));
  }, []);
  const [drawn, setDrawn] = useState<Drawn>('first');
  useEffect(() => {
    if (drawn === 'all') return;
    return afterFrame(() => setDrawn(drawn === 'first' ? 'view' : 'all'));
  }, [drawn]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (drawn === 'first') return indexes.slice(0, FIRST_FRAME_ROWS);
      const keep = focused.current;
      if (keep === null || keep >= range.count || indexes.includes(keep)) return indexes;
      return [...indexes, keep].sort((a, b) => a - b);
    },
    [drawn],
  );
  const virtualizer = useVirtualizer({
    count: files.length,
    getScrollElement: () => listRef.current?.closest<HTMLElement>(SCROLL_BOX) ?? null,
    estimateSize: () => ROW_PX,
    gap: ROW_GAP_PX,
    overscan: drawn === 'all' ? OVERSCAN : 0,
    scrollMargin: offset,
    getItemKey: (index) => files[index]!.path,
    rangeExtractor,
    // Until the box is seen, the dialog's height for it: min(36rem, 60vh).
    initialRect: { width: 0, height: Math.min(576, window.innerHeight * 0.6) },
    observeElementRect: (instance, onRect) => {
      const box = instance.scrollElement;
      if (!box) return;
      return observeBox(box, (entry) =>
        onRect({
          width: Math.round(entry.contentRect.width),
          height: Math.round(entry.contentRect.height),
        }),
      );
    },
    // The box comes with the review, scrolled to the top: moving it there again as the list
    // mounts would lay the dialog out in the render's task.
    scrollToFn: (to, options, instance) => {
      if (to + (options.adjustments ?? 0) === (instance.scrollOffset ?? 0)) return;
      elementScroll(to, options, instance);
    },
    measureElement: (element, entry, instance) => {
      const size = entry?.borderBoxSize[0]?.blockSize;
      if (size !== undefined) return Math.round(size);
      const key = files[instance.indexFromElement(element)]?.path;
      return (key !== undefined && instance.itemSizeCache.get(key)) || ROW_PX;
    },
  });
  if (!review) return null;
  return (
    <ul
      ref={listRef}
      aria-label={t('apply.filesLabel')}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={(event) => {
        const row = (event.target as Element).closest<HTMLElement>('[data-index]');
        focused.current = row ? Number(row.dataset['index']) : null;
      }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const file = files[item.index]!;
        const stale = review.staleSincePrompt.has(file.path);
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            aria-setsize={files.length}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start - offset}px)` }}
            className={cn(
              'absolute top-0 left-0 flex w-full items-center gap-2 rounded-md border px-2 py-1.5 text-sm',
              selected === file.path ? 'border-indigo-400 bg-indigo-50' : 'border-slate-200',
            )}
          >
            <ReviewRow
              file={file}
              stale={stale}
              checked={review.checked.has(file.path)}
              selected={selected === file.path}
              statusLabel={statusLabels.get(isPureRename(file) ? RENAMED_ONLY : file.status)!}
              t={t}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** A file's checkbox and the button that shows its diff, with its badges and line counts. */
function ReviewRow({
  file,
  stale,
  checked,
  selected,
  statusLabel,
  t,
}: {
  file: PlannedFile;
  stale: boolean;
  checked: boolean;
  selected: boolean;
  statusLabel: string;
  t: TFunction;
}) {
  return (
    <>
      <input
        type="checkbox"
        aria-label={file.path}
        checked={checked}
        disabled={UNWRITABLE.has(file.status)}
        onChange={() => applyActions.toggle(file.path)}
        className="size-4 shrink-0"
      />
      <button
        type="button"
        data-review-file
        onClick={() => applyActions.select(file.path)}
        aria-pressed={selected}
        className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5 text-left"
      >
        {/* A rename, too, keeps the end in view: the path the file gets. */}
        <FilePath
          path={file.oldPath ? `${file.oldPath} → ${file.path}` : file.path}
          className="flex-auto text-xs"
        />
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
          {statusLabel}
        </span>
        {/* A file with nothing to write, or only a new path, has no line counts: "+0 −0" reads
            as a change of its text. */}
        <span className="w-16 shrink-0 text-right font-mono text-xs">
          {!UNWRITABLE.has(file.status) && !isPureRename(file) && (
            <>
              <span className="text-emerald-700">+{file.added}</span>{' '}
              <span className="text-red-700">−{file.removed}</span>
            </>
          )}
        </span>
        {file.alreadyApplied > 0 && (
          <span className="basis-full text-xs text-slate-600">
            {t('apply.alreadyAppliedBlocks', { count: file.alreadyApplied })}
          </span>
        )}
      </button>
    </>
  );
}
