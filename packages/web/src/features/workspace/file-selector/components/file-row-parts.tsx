import { type CheckState, FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';
import { ChevronRight, File, FileWarning, Folder, FolderOpen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { useFormatNumber } from '#web/lib/format.ts';
import type { TreeRow } from '../../project-files';

function TriStateCheckbox({
  state,
  label,
  describedBy,
  onChange,
}: {
  state: CheckState;
  label: string;
  describedBy?: string;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'partial';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={state === 'checked'}
      aria-checked={state === 'partial' ? 'mixed' : state === 'checked'}
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={-1}
      onChange={onChange}
      className="size-3.5 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600"
    />
  );
}

/**
 * The start of a tree row: a folder's expand toggle (a file's blank in its place), the
 * tri-state checkbox, and the icon (a warning for a selected file above the size cap).
 */
export function RowLead({
  row,
  check,
  tooLarge,
  describedBy,
  onToggleExpand,
  onToggleCheck,
}: {
  row: TreeRow;
  check: CheckState;
  tooLarge: boolean;
  describedBy: string | undefined;
  onToggleExpand?: () => void;
  onToggleCheck: () => void;
}) {
  const { t } = useTranslation();
  const { node, expanded } = row;
  const isDir = node.type === 'directory';
  return (
    <>
      {isDir ? (
        <button
          type="button"
          tabIndex={-1}
          onClick={onToggleExpand}
          // By path: two folders may share a base name (src and template-react/src).
          aria-label={t(expanded ? 'fileSelector.collapse' : 'fileSelector.expand', {
            path: node.path,
          })}
          className="rounded p-0.5 text-slate-400 hover:bg-slate-200 hover:text-slate-700"
        >
          <ChevronRight className={cn('size-3.5 transition-transform', expanded && 'rotate-90')} />
        </button>
      ) : (
        <span className="w-4.5 shrink-0" />
      )}
      <TriStateCheckbox
        state={check}
        label={t(isDir ? 'fileSelector.selectDirectory' : 'fileSelector.selectFile', {
          path: node.path,
        })}
        describedBy={describedBy}
        onChange={onToggleCheck}
      />
      {isDir ? (
        expanded ? (
          <FolderOpen className="size-4 shrink-0 text-amber-500" aria-hidden />
        ) : (
          <Folder className="size-4 shrink-0 text-amber-500" aria-hidden />
        )
      ) : tooLarge ? (
        <FileWarning className="size-4 shrink-0 text-amber-600" aria-hidden />
      ) : (
        <File className="size-4 shrink-0 text-slate-400" aria-hidden />
      )}
    </>
  );
}

/** A selected file above the size cap: it will be left out of the prompt. */
export function TooLargeBadge({ id, shortId }: { id: string; shortId: string }) {
  const { t } = useTranslation();
  return (
    <span
      id={id}
      className="shrink-0 rounded bg-amber-100 px-1 text-[10px] font-semibold text-amber-800"
      title={t('fileSelector.tooLarge', { size: FILE_SIZE_LIMIT_BYTES / 1_048_576 })}
    >
      <span id={shortId} aria-hidden>
        {t('fileSelector.tooLargeShort', { size: FILE_SIZE_LIMIT_BYTES / 1_048_576 })}
      </span>
      <span className="sr-only">
        {t('fileSelector.tooLarge', { size: FILE_SIZE_LIMIT_BYTES / 1_048_576 })}
      </span>
    </span>
  );
}

/** A row's token count and, for a folder, how many of its files are selected. */
export function RowFigures({
  tokens,
  counts,
  tokensId,
  countsId,
}: {
  tokens: number | undefined;
  counts: { selected: number; total: number } | undefined;
  tokensId: string;
  countsId: string;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  return (
    <>
      {tokens !== undefined && tokens > 0 && (
        <span
          id={tokensId}
          className="shrink-0 font-mono text-[11px] text-slate-400"
          title={t('fileSelector.tokensTitle')}
        >
          {format(tokens)}
        </span>
      )}{' '}
      {counts && (
        <span
          id={countsId}
          className={cn(
            'shrink-0 text-[11px] tabular-nums',
            counts.selected ? 'text-indigo-600' : 'text-slate-400',
          )}
        >
          {counts.selected}/{counts.total}
        </span>
      )}
    </>
  );
}
