import { type CheckState, FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { type TreeItemProps, treeItemPlace, type TreeRow } from '../../project-files';
import { RowFigures, RowLead, TooLargeBadge } from './file-row-parts';

interface Props {
  row: TreeRow;
  check: CheckState;
  /** Directories: selected / all files beneath. */
  counts?: { selected: number; total: number };
  tokens?: number;
  status?: 'added' | 'modified';
  /**
   * Among the files suggested for the request (while "Suggested files" is open); a collapsed
   * folder: holds some.
   */
  suggested?: boolean;
  hasHiddenChanges?: boolean;
  onToggleExpand?: () => void;
  onToggleCheck: () => void;
  onDiff?: () => void;
  /** The inclusion mode control of a selected row. */
  /** The row's mode control, given the id its visible text must carry (the row's name). */
  modeControl?: (labelId: string) => ReactNode;
  /** Roving tabindex of the ARIA tree (useTreeNavigation). */
  itemProps?: TreeItemProps;
}

/** One 32 px row of the file tree: a directory (expand, tri-state, counts) or a file. */
export function FileRow({
  row,
  check,
  counts,
  tokens,
  status,
  suggested,
  hasHiddenChanges,
  onToggleExpand,
  onToggleCheck,
  onDiff,
  modeControl,
  itemProps,
}: Props) {
  const { t } = useTranslation();
  const { node, depth, expanded } = row;
  const isDir = node.type === 'directory';
  // Selected but above the size cap: it will be left out of the prompt.
  const tooLarge = !isDir && check === 'checked' && node.size > FILE_SIZE_LIMIT_BYTES;
  const tooLargeId = useId();
  // The row is named by its visible texts, in their order (name, badges, mode, tokens,
  // counts): speech-input users say what they see (WCAG 2.5.3, axe label-content-name-mismatch).
  // The {' '} between them keeps the words apart in the row's text (flex ignores them).
  const labelId = useId();
  const label = (part: string) => `${labelId}-${part}`;
  const labelledBy = ['name', 'short', 'status', 'suggested', 'diff', 'mode', 'tokens', 'counts']
    .map(label)
    .join(' ');
  return (
    <div
      {...treeItemPlace(row)}
      aria-expanded={isDir ? expanded : undefined}
      aria-checked={check === 'partial' ? 'mixed' : check === 'checked'}
      aria-labelledby={labelledBy}
      aria-describedby={tooLarge ? tooLargeId : undefined}
      {...itemProps}
      className={cn(
        'group flex h-8 items-center gap-1.5 pr-2 text-sm hover:bg-slate-50',
        // Focus is the ring alone: the indigo tint is a selected file's, and a focused folder
        // (the first row takes focus when a folder opens) must not look selected.
        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
        check === 'checked' && !isDir && 'bg-indigo-50/60',
      )}
      style={{ paddingLeft: 8 + depth * 16 }}
    >
      <RowLead
        row={row}
        check={check}
        tooLarge={tooLarge}
        describedBy={tooLarge ? tooLargeId : undefined}
        onToggleExpand={onToggleExpand}
        onToggleCheck={onToggleCheck}
      />
      <button
        id={label('name')}
        type="button"
        tabIndex={-1}
        onClick={isDir ? onToggleExpand : onToggleCheck}
        title={node.path}
        className={cn(
          'min-w-0 flex-1 truncate text-left',
          isDir ? 'font-medium text-slate-800' : 'text-slate-700',
        )}
      >
        {node.name}
      </button>{' '}
      {tooLarge && <TooLargeBadge id={tooLargeId} shortId={label('short')} />}
      {isDir && hasHiddenChanges && !expanded && (
        <span
          className="size-1.5 shrink-0 rounded-full bg-amber-500"
          title={t('fileSelector.containsChanges')}
        />
      )}{' '}
      {status && (
        <span
          id={label('status')}
          title={t(status === 'added' ? 'fileSelector.statusAdded' : 'fileSelector.statusModified')}
          className={cn(
            'rounded px-1 font-mono text-[10px] font-bold',
            status === 'added' ? 'bg-green-100 text-green-700' : 'bg-amber-100 text-amber-700',
          )}
        >
          {status === 'added' ? 'A' : 'M'}
        </span>
      )}{' '}
      {suggested && (
        <span
          id={label('suggested')}
          title={isDir ? t('suggest.treeMarkFolder') : undefined}
          className="shrink-0 rounded bg-indigo-100 px-1 text-[10px] font-semibold text-indigo-700"
        >
          {t('suggest.treeMark')}
        </span>
      )}{' '}
      {status === 'modified' && onDiff && (
        <button
          id={label('diff')}
          type="button"
          onClick={onDiff}
          className="rounded px-1.5 py-0.5 text-[11px] font-medium text-indigo-600 hover:bg-indigo-50"
        >
          {t('fileSelector.diff')}
        </button>
      )}{' '}
      {modeControl?.(label('mode'))}{' '}
      <RowFigures
        tokens={tokens}
        counts={isDir ? counts : undefined}
        tokensId={label('tokens')}
        countsId={label('counts')}
      />
    </div>
  );
}
