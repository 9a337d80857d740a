import type { CheckState } from '@promptloom/core';
import { ChevronRight, File, Folder, FolderOpen } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../lib/cn';
import type { TreeRow } from '../../lib/tree-rows';
import { useFormatNumber } from '../../../../lib/format';

interface Props {
  row: TreeRow;
  check: CheckState;
  /** Directories: selected / all files beneath. */
  counts?: { selected: number; total: number };
  tokens?: number;
  status?: 'added' | 'modified';
  hasHiddenChanges?: boolean;
  onToggleExpand?: () => void;
  onToggleCheck: () => void;
  onDiff?: () => void;
  /** The inclusion mode control of a selected row (issue 15). */
  modeControl?: ReactNode;
}

function TriStateCheckbox({
  state,
  label,
  onChange,
}: {
  state: CheckState;
  label: string;
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
      onChange={onChange}
      className="size-3.5 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600"
    />
  );
}

/** One 32 px row of the file tree: a directory (expand, tri-state, counts) or a file. */
export function FileRow({
  row,
  check,
  counts,
  tokens,
  status,
  hasHiddenChanges,
  onToggleExpand,
  onToggleCheck,
  onDiff,
  modeControl,
}: Props) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const { node, depth, expanded } = row;
  const isDir = node.type === 'directory';
  return (
    <div
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={isDir ? expanded : undefined}
      aria-selected={check === 'checked'}
      className={cn(
        'group flex h-8 items-center gap-1.5 pr-2 text-sm hover:bg-slate-50',
        check === 'checked' && !isDir && 'bg-indigo-50/60',
      )}
      style={{ paddingLeft: 8 + depth * 16 }}
    >
      {isDir ? (
        <button
          type="button"
          onClick={onToggleExpand}
          aria-label={t(expanded ? 'fileSelector.collapse' : 'fileSelector.expand', {
            name: node.name,
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
        onChange={onToggleCheck}
      />
      {isDir ? (
        expanded ? (
          <FolderOpen className="size-4 shrink-0 text-amber-500" aria-hidden />
        ) : (
          <Folder className="size-4 shrink-0 text-amber-500" aria-hidden />
        )
      ) : (
        <File className="size-4 shrink-0 text-slate-400" aria-hidden />
      )}
      <button
        type="button"
        onClick={isDir ? onToggleExpand : onToggleCheck}
        title={node.path}
        className={cn(
          'min-w-0 flex-1 truncate text-left',
          isDir ? 'font-medium text-slate-800' : 'text-slate-700',
        )}
      >
        {node.name}
      </button>
      {isDir && hasHiddenChanges && !expanded && (
        <span
          className="size-1.5 shrink-0 rounded-full bg-amber-500"
          title={t('fileSelector.containsChanges')}
        />
      )}
      {status && (
        <span
          title={t(status === 'added' ? 'fileSelector.statusAdded' : 'fileSelector.statusModified')}
          className={cn(
            'rounded px-1 font-mono text-[10px] font-bold',
            status === 'added' ? 'bg-green-100 text-green-700' : 'bg-amber-100 text-amber-700',
          )}
        >
          {status === 'added' ? 'A' : 'M'}
        </span>
      )}
      {status === 'modified' && onDiff && (
        <button
          type="button"
          onClick={onDiff}
          className="rounded px-1.5 py-0.5 text-[11px] font-medium text-indigo-600 hover:bg-indigo-50"
        >
          {t('fileSelector.diff')}
        </button>
      )}
      {modeControl}
      {tokens !== undefined && tokens > 0 && (
        <span
          className="shrink-0 font-mono text-[11px] text-slate-400"
          title={t('fileSelector.tokensTitle')}
        >
          {format(tokens)}
        </span>
      )}
      {isDir && counts && (
        <span
          className={cn(
            'shrink-0 text-[11px] tabular-nums',
            counts.selected ? 'text-indigo-600' : 'text-slate-400',
          )}
        >
          {counts.selected}/{counts.total}
        </span>
      )}
    </div>
  );
}
