import { type Block } from '@promptloom/core';
import { DISPLAY_FALLBACK_COLOR } from '../../../config/limits';
import { Check, Plus, Search, Settings } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { groupBlocks } from '../lib/group-blocks';
import { useBlockDisplay } from '../lib/display-texts';

/** The buttons of one picker, in visual order (the search box moves into them with ↓). */
function pickerButtons(listId: string): HTMLButtonElement[] {
  const root = document.getElementById(listId);
  return root ? [...root.querySelectorAll<HTMLButtonElement>('button[data-block-id]')] : [];
}

/** The search box that filters a BlockPicker; ↓ moves into the list it controls. */
export function BlockPickerSearch({
  value,
  onChange,
  listId,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The `id` given to the BlockPicker this box filters. */
  listId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400"
        aria-hidden
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          const first = pickerButtons(listId)[0];
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
        placeholder={t('blocks.picker.searchPlaceholder')}
        aria-label={t('blocks.picker.search')}
        aria-controls={listId}
        className="block w-full rounded-md border border-slate-300 py-1.5 pr-2 pl-8 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
    </div>
  );
}

/** ↑/↓ move between the block buttons, Home/End jump to the ends. */
function onListKeyDown(event: KeyboardEvent<HTMLDivElement>, listId: string) {
  const moves: Record<string, (index: number, last: number) => number> = {
    ArrowDown: (i, last) => Math.min(i + 1, last),
    ArrowUp: (i) => Math.max(i - 1, 0),
    Home: () => 0,
    End: (_, last) => last,
  };
  const move = moves[event.key];
  if (!move) return;
  const buttons = pickerButtons(listId);
  const index = buttons.indexOf(event.target as HTMLButtonElement);
  if (index < 0) return;
  event.preventDefault();
  buttons[move(index, buttons.length - 1)]?.focus();
}

export interface BlockPickerProps {
  /** The DOM id of the list (BlockPickerSearch points at it). */
  id: string;
  blocks: readonly Block[];
  /** How many times each block is in the composition being built: > 0 shows it picked. */
  counts: ReadonlyMap<string, number>;
  onToggle: (block: Block) => void;
  /** Keeps the blocks whose shown name contains it, case-insensitively. */
  query?: string;
  /**
   * Name each button by its action ('Add X' / 'Remove X') instead of the block's name alone;
   * the pressed state tells the rest either way.
   */
  actionLabels?: boolean;
  /** Shown when there are no blocks at all (no match is the picker's own text). */
  emptyText: string;
  /** The group headings' level, one below the heading above the picker. */
  headingLevel?: 3 | 4;
  /** A control beside a block's button (the workspace's "update available" mark). */
  aside?: (block: Block) => ReactNode;
  className?: string;
}

/**
 * The blocks to put in a composition, grouped by category with the system group first,
 * filtered by `query`; a block toggles in and out. Shared by the workspace library and the
 * composition modal (docs/decisions/062).
 */
export function BlockPicker({
  id,
  blocks,
  counts,
  onToggle,
  query = '',
  actionLabels = false,
  emptyText,
  headingLevel = 3,
  aside,
  className,
}: BlockPickerProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const { t } = useTranslation();
  const display = useBlockDisplay();
  const groups = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return groupBlocks(blocks.filter((b) => display.name(b).toLowerCase().includes(needle)));
  }, [blocks, query, display]);

  return (
    <div id={id} className={className} onKeyDown={(event) => onListKeyDown(event, id)}>
      {groups.length === 0 && (
        <p className="px-1 py-2 text-sm text-slate-500">
          {blocks.length === 0 ? emptyText : t('blocks.picker.noMatch')}
        </p>
      )}
      {groups.map((group) => {
        const label =
          group.category !== null ? display.category(group.category) : t('blocks.systemGroup');
        return (
          <section key={group.key} aria-label={label} className="mb-4 last:mb-0">
            <Heading className="flex items-center gap-1.5 px-1 pb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {group.isSystem && <Settings className="size-3.5 text-violet-600" aria-hidden />}
              {label}
            </Heading>
            <ul className="space-y-1">
              {group.blocks.map((block) => {
                const count = counts.get(block.id) ?? 0;
                const name = display.name(block);
                return (
                  <li key={block.id} className="flex items-center gap-1">
                    <button
                      type="button"
                      data-block-id={block.id}
                      onClick={() => onToggle(block)}
                      aria-pressed={count > 0}
                      aria-label={
                        actionLabels
                          ? t(count > 0 ? 'blocks.picker.remove' : 'blocks.picker.add', { name })
                          : undefined
                      }
                      title={display.description(block) ?? undefined}
                      className={cn(
                        'flex min-w-0 flex-1 items-center gap-2 rounded-md border px-2.5 py-1.5 text-left text-sm transition-colors focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                        count > 0
                          ? 'border-indigo-200 bg-indigo-50 text-indigo-900'
                          : 'border-transparent text-slate-700 hover:border-slate-200 hover:bg-slate-50',
                      )}
                    >
                      <span
                        className="size-2.5 shrink-0 rounded-full"
                        style={{ backgroundColor: block.color ?? DISPLAY_FALLBACK_COLOR }}
                        aria-hidden
                      />
                      <span className="min-w-0 flex-1 truncate">{name}</span>
                      {count > 1 && <span className="text-xs text-indigo-600">×{count}</span>}
                      {count > 0 ? (
                        <Check className="size-3.5 text-indigo-600" aria-hidden />
                      ) : (
                        <Plus className="size-3.5 text-slate-400" aria-hidden />
                      )}
                    </button>
                    {aside?.(block)}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
