import { useVirtualizer } from '@tanstack/react-virtual';
import { diffWordsWithSpace } from 'diff';
import { ChevronsUpDown } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';
import { computeDiffRows, type DiffCell, type DiffResult, type DiffRow } from './diff-rows';
import { Spinner } from './spinner';

export interface DiffViewProps {
  oldText: string;
  /** Null: not there yet (shown as a diff being computed). */
  newText: string | null;
  oldLabel: string;
  newLabel: string;
  /** Drawn in the header instead of the labels (which still name the region). */
  oldHeader?: ReactNode;
  newHeader?: ReactNode;
  /** Shown instead of the table when both texts are equal. */
  identicalMessage: string;
  className?: string;
}

/** Lines longer than this skip the word-level highlight (it is quadratic in the worst case). */
const WORD_DIFF_MAX_CHARS = 1_000;
const ESTIMATED_ROW_PX = 22;
/** Narrower than this, two columns leave too little room per line: one column (unified). */
const UNIFIED_BELOW_PX = 640;

/**
 * A side-by-side line diff (old left, new right) with word highlights on changed pairs; on a
 * narrow screen one column, a removed line above the line that replaces it.
 * Large inputs stay responsive: the diff is computed asynchronously with a time bound,
 * long unchanged runs fold, and only the visible rows are rendered.
 */
export function DiffView({
  oldText,
  newText,
  oldLabel,
  newLabel,
  oldHeader = oldLabel,
  newHeader = newLabel,
  identicalMessage,
  className,
}: DiffViewProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<DiffResult | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const unified = useMediaQuery(`(max-width: ${UNIFIED_BELOW_PX - 1}px)`);

  useEffect(() => {
    let cancelled = false;
    setResult(null);
    setExpanded(new Set());
    if (newText === null) return;
    computeDiffRows(oldText, newText).then(
      (next) => {
        if (!cancelled) setResult(next);
      },
      (error: unknown) => {
        // A failed diff is logged and shown as "no content change".
        console.error('diff failed', error);
        if (!cancelled) setResult({ rows: [], identical: true, approximate: false });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [oldText, newText]);

  const rows = useMemo(() => {
    if (!result) return [];
    return result.rows.flatMap((row) =>
      row.kind === 'fold' && expanded.has(row.id) ? row.rows : [row],
    );
  }, [result, expanded]);

  if (!result) {
    return (
      <div className="flex items-center justify-center gap-2 py-10 text-sm text-slate-500">
        <Spinner className="size-4" />
        {t('diff.computing')}
      </div>
    );
  }
  if (result.identical) {
    return (
      <p className="rounded-md border border-slate-200 bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
        {identicalMessage}
      </p>
    );
  }
  return (
    <div
      role="region"
      aria-label={`${oldLabel} / ${newLabel}`}
      className={cn('overflow-hidden rounded-md border border-slate-200', className)}
    >
      {unified ? (
        <div className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs font-semibold break-all text-slate-600">
          <p className="flex min-w-0 gap-1">
            <span className="shrink-0">−</span>
            {oldHeader}
          </p>
          <p className="flex min-w-0 gap-1">
            <span className="shrink-0">+</span>
            {newHeader}
          </p>
        </div>
      ) : (
        <div className="grid grid-cols-2 border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
          <div className="min-w-0 border-r border-slate-200 px-3 py-1.5">{oldHeader}</div>
          <div className="min-w-0 px-3 py-1.5">{newHeader}</div>
        </div>
      )}
      {result.approximate && (
        <p className="border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-800">
          {t('diff.approximate')}
        </p>
      )}
      <VirtualRows
        rows={rows}
        unified={unified}
        onExpand={(id) => setExpanded((prev) => new Set(prev).add(id))}
      />
    </div>
  );
}

function VirtualRows({
  rows,
  unified,
  onExpand,
}: {
  rows: DiffRow[];
  unified: boolean;
  onExpand: (id: number) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 20,
  });
  return (
    <div ref={scrollRef} className="max-h-[55vh] overflow-auto font-mono text-xs leading-5">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <Row row={row} unified={unified} onExpand={onExpand} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

function Row({
  row,
  unified,
  onExpand,
}: {
  row: DiffRow;
  unified: boolean;
  onExpand: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (row.kind === 'fold') {
    return (
      <button
        type="button"
        onClick={() => onExpand(row.id)}
        className="flex w-full items-center justify-center gap-1.5 bg-slate-100 py-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-700"
      >
        <ChevronsUpDown className="size-3.5" aria-hidden />
        {t('diff.unchangedLines', { count: row.count })}
      </button>
    );
  }
  if (row.kind === 'same') {
    if (unified) return <Cell cell={row.right} tone="same" />;
    return (
      <div className="grid grid-cols-2">
        <Cell cell={row.left} tone="same" />
        <Cell cell={row.right} tone="same" />
      </div>
    );
  }
  return <ChangedRow left={row.left} right={row.right} unified={unified} />;
}

function ChangedRow({
  left,
  right,
  unified,
}: {
  left: DiffCell | null;
  right: DiffCell | null;
  unified: boolean;
}) {
  // A modified pair gets word-level marks; a lone removal or addition is marked whole.
  const parts = useMemo(() => {
    if (!left || !right) return null;
    if (left.text.length + right.text.length > WORD_DIFF_MAX_CHARS) return null;
    return diffWordsWithSpace(left.text, right.text);
  }, [left, right]);
  // One column: the removed line, then the line that replaces it (a gap side is left out).
  return (
    <div className={unified ? 'flex flex-col' : 'grid grid-cols-2'}>
      <Cell cell={left} tone="removed" omitGap={unified}>
        {parts?.map((part, i) =>
          part.added ? null : (
            <span key={i} className={part.removed ? 'rounded-sm bg-red-200' : undefined}>
              {part.value}
            </span>
          ),
        )}
      </Cell>
      <Cell cell={right} tone="added" omitGap={unified}>
        {parts?.map((part, i) =>
          part.removed ? null : (
            <span key={i} className={part.added ? 'rounded-sm bg-green-200' : undefined}>
              {part.value}
            </span>
          ),
        )}
      </Cell>
    </div>
  );
}

const tones = {
  same: 'bg-white text-slate-700',
  removed: 'bg-red-50 text-red-900',
  added: 'bg-green-50 text-green-900',
};

function Cell({
  cell,
  tone,
  omitGap = false,
  children,
}: {
  cell: DiffCell | null;
  tone: keyof typeof tones;
  omitGap?: boolean;
  children?: ReactNode;
}) {
  if (!cell) {
    if (omitGap) return null;
    return <div className="border-r border-slate-100 bg-slate-50 last:border-r-0" aria-hidden />;
  }
  const marker = tone === 'removed' ? '−' : tone === 'added' ? '+' : ' ';
  return (
    <div
      className={cn('flex min-w-0 border-r border-slate-100 last:border-r-0', tones[tone])}
      data-diff={tone}
    >
      <span className="w-10 shrink-0 pr-2 text-right text-slate-400 select-none">{cell.line}</span>
      <span className="w-3 shrink-0 text-slate-400 select-none" aria-hidden>
        {marker}
      </span>
      <span className="min-w-0 flex-1 pr-2 whitespace-pre-wrap wrap-anywhere">
        {children ?? (cell.text || ' ')}
      </span>
    </div>
  );
}
