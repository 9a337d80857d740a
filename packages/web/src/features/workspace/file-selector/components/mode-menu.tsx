import type { FileInclusionMode, ModeTokens } from '@promptloom/core';
import { FILE_INCLUSION_MODES } from '@promptloom/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { useOutsidePress } from '#web/lib/use-outside-press.ts';
import { PendingCount } from '#web/components/ui/pending-count.tsx';
import { modeCosts, usePromptSources } from '../../counting';
import { useFormatNumber } from '#web/lib/format.ts';
import { useInclusionStore, useProjectModel } from '../../session';

const SHORT = {
  full: 'inclusion.short.full',
  outline: 'inclusion.short.outline',
  path: 'inclusion.short.path',
  mixed: 'inclusion.short.mixed',
} as const satisfies Record<FileInclusionMode | 'mixed', string>;

interface Props {
  project: string;
  path: string;
  isDir: boolean;
  /** The mode in force: the file's own, else its folder's (folders: their own default). */
  mode: FileInclusionMode;
  /**
   * What the button shows when it differs from `mode`: a folder's row shows the mode its
   * selected files share (core's folderRowMode), or `mixed`.
   */
  shown?: FileInclusionMode | 'mixed';
  /** The row's own choice, as opposed to one inherited from a folder. */
  own: boolean;
  /** Selected files this choice applies to (the file, or the folder's selected files). */
  files: readonly string[];
  /** Id of the button's visible text (a tree row is named by it). */
  labelId?: string;
}

/** Token cost of each mode over `files`, counted when the menu opens. */
function useCosts(files: readonly string[]) {
  const sources = usePromptSources();
  const { tokenizer } = useProjectModel();
  const [costs, setCosts] = useState<Record<FileInclusionMode, number | null> | null>(null);
  useEffect(() => {
    let cancelled = false;
    void modeCosts({ ...sources, finalRequest: '' }, files, tokenizer).then((byFile) => {
      if (cancelled) return;
      const sum = (pick: (t: ModeTokens) => number | undefined) =>
        [...byFile.values()].reduce((total, t) => total + (pick(t) ?? t.full), 0);
      const anyOutline = [...byFile.values()].some((t) => t.outline !== undefined);
      setCosts({
        full: sum((t) => t.full),
        outline: anyOutline ? sum((t) => t.outline) : null,
        path: sum((t) => t.path),
      });
    });
    return () => {
      cancelled = true;
    };
    // Counted once per opening: the menu closes on any change it makes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return costs;
}

function ModeList({
  project,
  path,
  isDir,
  mode,
  own,
  files,
  close,
}: Props & { close: () => void }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const costs = useCosts(files);
  const store = useInclusionStore.getState();
  const choose = (next: FileInclusionMode | null) => {
    if (isDir) store.setFolderMode(project, path, next);
    else store.setFileMode(project, path, next);
    close();
  };
  return (
    <div
      role="menu"
      aria-label={t('inclusion.menuLabel', { path })}
      className="min-w-56 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
    >
      {FILE_INCLUSION_MODES.map((option) => (
        <button
          key={option}
          type="button"
          role="menuitemradio"
          aria-checked={own && mode === option}
          onClick={() => choose(option)}
          className={cn(
            'flex w-full items-center justify-between gap-4 px-3 py-1.5 text-left hover:bg-slate-50',
            mode === option && 'font-medium text-indigo-700',
          )}
        >
          <span>{t(`inclusion.modes.${option}`)}</span>
          <span className="font-mono text-[11px] text-slate-500">
            {costs === null ? (
              <PendingCount />
            ) : costs[option] === null ? (
              t('inclusion.noOutline')
            ) : (
              t('inclusion.tokens', { tokens: format(costs[option]) })
            )}
          </span>
        </button>
      ))}
      {own && (
        <button
          type="button"
          role="menuitem"
          onClick={() => choose(null)}
          className="w-full border-t border-slate-100 px-3 py-1.5 text-left text-slate-600 hover:bg-slate-50"
        >
          {t(isDir ? 'inclusion.clearFolder' : 'inclusion.followFolder')}
        </button>
      )}
    </div>
  );
}

/**
 * A tree row's inclusion mode: a small button showing the mode, opening a menu of Full,
 * Outline and Path only with what each costs in tokens. On a folder it sets the default of
 * its files; a file's own choice wins over its folders'.
 */
export function ModeMenu(props: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [place, setPlace] = useState({ top: 0, left: 0 });
  const shown = props.shown ?? props.mode;

  useOutsidePress(ref, open, setOpen);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div ref={ref} className="shrink-0">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('inclusion.buttonLabel', {
          path: props.path,
          mode: t(`inclusion.modes.${shown}`),
        })}
        onClick={() => {
          const rect = button.current?.getBoundingClientRect();
          if (rect) setPlace({ top: rect.bottom + 2, left: Math.max(8, rect.right - 224) });
          setOpen((was) => !was);
        }}
        className={cn(
          'rounded px-1.5 py-0.5 text-[10px] font-semibold uppercase',
          shown === 'full' && 'text-slate-400 hover:bg-slate-100',
          shown === 'outline' && 'bg-sky-100 text-sky-800',
          shown === 'path' && 'bg-slate-200 text-slate-700',
          shown === 'mixed' && 'bg-violet-100 text-violet-800',
          !props.own && shown !== 'full' && shown !== 'mixed' && 'opacity-70',
        )}
      >
        <span id={props.labelId}>{t(SHORT[shown])}</span>
      </button>
      {open && (
        // Fixed, so the tree's scroll box does not clip it.
        <div className="fixed z-50" style={place}>
          <ModeList {...props} close={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
