import { type HiddenEntry, hiddenReason } from '@promptloom/core';
import { File, Folder } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TreeItemProps, treeItemPlace, type TreeRow } from '../../project-files';

/**
 * A path the rules hide, shown dimmed when "Show ignored" is on, with "Why hidden?":
 * the rule and where it lives, like `git check-ignore -v`.
 */
export function HiddenRow({
  row,
  entry,
  itemProps,
}: {
  row: TreeRow;
  entry: HiddenEntry | undefined;
  itemProps?: TreeItemProps;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const { node, depth } = row;
  const reason = hiddenReason(entry?.reason());
  const because =
    reason.kind === 'empty-folder'
      ? t('listing.reasonEmptyFolder')
      : reason.kind === 'gitignore'
        ? t('listing.reasonGitignore', {
            file: reason.file,
            line: reason.line,
            pattern: reason.pattern,
          })
        : reason.kind === 'core'
          ? t('listing.reasonCore', { pattern: reason.pattern })
          : t('listing.reasonSettings', { pattern: reason.pattern, line: reason.line });
  return (
    <div
      {...treeItemPlace(row)}
      aria-label={node.name}
      {...itemProps}
      data-hidden-path={node.path}
      className="relative flex h-8 items-center gap-1.5 pr-2 text-sm text-slate-400 opacity-70 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      style={{ paddingLeft: 8 + depth * 16 + 22 }}
    >
      {node.type === 'directory' ? (
        <Folder className="size-4 shrink-0" aria-hidden />
      ) : (
        <File className="size-4 shrink-0" aria-hidden />
      )}
      <span className="min-w-0 flex-1 truncate italic" title={node.path}>
        {node.name}
      </span>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={popoverId}
        aria-label={t('listing.whyHiddenFor', { path: node.path })}
        onClick={() => setOpen(!open)}
        className="rounded px-1.5 py-0.5 text-[11px] font-medium text-indigo-600 not-italic hover:bg-indigo-50"
      >
        {t('listing.whyHidden')}
      </button>
      {open && (
        <div
          id={popoverId}
          role="note"
          className="absolute top-7 right-2 z-10 max-w-sm rounded border border-slate-200 bg-white px-2 py-1 text-xs text-slate-700 shadow"
        >
          {because}
        </div>
      )}
    </div>
  );
}
