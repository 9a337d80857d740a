import {
  CheckSquare,
  FilePlus2,
  GitCompareArrows,
  ListChecks,
  RefreshCw,
  Replace,
  Search,
  Square,
  X,
} from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import type { useFileSelection } from '../hooks/use-file-selection';
import { useFileView, useListingStore } from '../../project-files';
import { IconButton } from '#web/components/ui/icon-button.tsx';

interface Props {
  titleId: string;
  title: string;
  loading: boolean;
  selection: ReturnType<typeof useFileSelection>;
  changedCount: number;
  totalFiles: number;
  search: string;
  onSearchChange: (value: string) => void;
  onRefresh: () => void;
}

function ToolButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <IconButton
      label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex h-7 items-center gap-1 rounded-md px-1.5 text-xs font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40',
        pressed
          ? 'bg-indigo-100 text-indigo-700'
          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      {children}
    </IconButton>
  );
}

/** File selector header and buttons, with the search box (Enter selects matches). */
export function FileSelectorToolbar({
  titleId,
  title,
  loading,
  selection,
  changedCount,
  totalFiles,
  search,
  onSearchChange,
  onRefresh,
}: Props) {
  const { t } = useTranslation();
  const [searchOpen, setSearchOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  // The `/` shortcut: open the search and put the cursor in it.
  const searchRequest = useFileView((s) => s.searchRequest);
  useEffect(() => {
    if (searchRequest === 0) return;
    setSearchOpen(true);
    requestAnimationFrame(() => searchInput.current?.focus());
  }, [searchRequest]);
  const { showSelectedOnly, showChangesOnly, toggleChangesFilter, toggleSelectedFilter } =
    useFileView();
  const selectedCount = selection.selected.size;

  return (
    <header className="border-b border-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 px-3 py-2">
        <h2 id={titleId} className="truncate text-sm font-semibold text-slate-900">
          {title}
        </h2>
        <div
          role="toolbar"
          aria-label={t('fileSelector.toolbar')}
          className="flex items-center gap-0.5"
        >
          <ToolButton
            label={t('fileSelector.addChanged')}
            onClick={selection.addChanged}
            disabled={changedCount === 0}
          >
            <FilePlus2 className="size-4" />
          </ToolButton>
          {showChangesOnly && (
            <ToolButton
              label={t('fileSelector.replaceWithChanged')}
              onClick={selection.replaceWithChanged}
              disabled={changedCount === 0}
            >
              <Replace className="size-4" />
            </ToolButton>
          )}
          <ToolButton
            label={t('fileSelector.searchToggle')}
            pressed={searchOpen}
            onClick={() => {
              if (searchOpen) onSearchChange('');
              setSearchOpen(!searchOpen);
            }}
          >
            <Search className="size-4" />
          </ToolButton>
          <ToolButton
            label={t('fileSelector.filterChanges', { count: changedCount })}
            pressed={showChangesOnly}
            disabled={changedCount === 0 && !showChangesOnly}
            onClick={toggleChangesFilter}
          >
            <GitCompareArrows className="size-4" />
            <span className="tabular-nums">{changedCount}</span>
          </ToolButton>
          <ToolButton
            label={t('fileSelector.filterSelected', { count: selectedCount })}
            pressed={showSelectedOnly}
            disabled={selectedCount === 0 && !showSelectedOnly}
            onClick={toggleSelectedFilter}
          >
            <ListChecks className="size-4" />
            <span className="tabular-nums">{selectedCount}</span>
          </ToolButton>
          <ToolButton
            label={t('fileSelector.selectAll')}
            onClick={selection.toggleSelectAll}
            disabled={totalFiles === 0}
          >
            <CheckSquare className="size-4" />
          </ToolButton>
          <ToolButton
            label={t('fileSelector.deselectAll')}
            onClick={selection.deselectAll}
            disabled={selectedCount === 0}
          >
            <Square className="size-4" />
          </ToolButton>
          <RefreshButton loading={loading} onRefresh={onRefresh} />
        </div>
      </div>
      {searchOpen && (
        <FileSearchForm
          inputRef={searchInput}
          search={search}
          onSearchChange={onSearchChange}
          onSubmit={() => {
            if (search.trim()) selection.submitSearch(search);
          }}
          onClose={() => {
            onSearchChange('');
            setSearchOpen(false);
          }}
        />
      )}
    </header>
  );
}

/** The file search: Enter selects the matches, Escape clears and closes it. */
function FileSearchForm({
  inputRef,
  search,
  onSearchChange,
  onSubmit,
  onClose,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  search: string;
  onSearchChange: (value: string) => void;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="relative px-3 pb-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Search
        className="pointer-events-none absolute top-2 left-5 size-4 text-slate-400"
        aria-hidden
      />
      {/* A text input with the search role: a type="search" field would add the browser's
          own clear button beside ours: two clear buttons side by side confuse. */}
      <input
        ref={inputRef}
        type="text"
        role="searchbox"
        enterKeyHint="search"
        autoFocus
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
        aria-label={t('fileSelector.searchLabel')}
        placeholder={t('fileSelector.searchPlaceholder')}
        className="block w-full rounded-md border border-slate-300 py-1.5 pr-8 pl-8 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
      {search && (
        <IconButton
          label={t('fileSelector.clearSearch')}
          onClick={() => onSearchChange('')}
          className="absolute top-1.5 right-5 rounded p-0.5 text-slate-400 hover:text-slate-700"
        >
          <X className="size-4" aria-hidden />
        </IconButton>
      )}
      <p className="mt-1 text-[11px] text-slate-400">{t('fileSelector.searchHint')}</p>
    </form>
  );
}

/** Refresh, marked while the observed folder changed since it was listed (decision 036). */
function RefreshButton({ loading, onRefresh }: { loading: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  const changesPending = useListingStore((s) => s.changesPending);
  return (
    <ToolButton
      label={changesPending ? t('fileSelector.refreshPending') : t('fileSelector.refresh')}
      onClick={onRefresh}
      disabled={loading}
    >
      <span className="relative">
        <RefreshCw className={cn('size-4', loading && 'animate-spin')} />
        {changesPending && !loading && (
          <span className="absolute -top-0.5 -right-0.5 size-2 rounded-full bg-amber-500 ring-2 ring-white" />
        )}
      </span>
    </ToolButton>
  );
}
