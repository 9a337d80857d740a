import { DISPLAY_FALLBACK_COLOR, type Block } from '@promptloom/core';
import { Check, Plus, Settings } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../lib/cn';
import { groupBlocks, useBlockDisplay } from '../../../blocks';

/**
 * The blocks that can go into the composition, grouped by category with the system
 * group first and 'Sans catégorie' for blocks without one.
 */
export function AvailableBlocks({
  blocks,
  counts,
  onToggle,
}: {
  blocks: readonly Block[];
  counts: ReadonlyMap<string, number>;
  onToggle: (block: Block) => void;
}) {
  const { t } = useTranslation();
  const display = useBlockDisplay();
  const groups = useMemo(() => groupBlocks(blocks), [blocks]);
  return (
    <div className="h-96 overflow-y-auto rounded-md border border-slate-200 bg-slate-50/50 p-2">
      {groups.length === 0 && (
        <p className="p-4 text-center text-sm text-slate-500">{t('compositions.modal.noBlocks')}</p>
      )}
      {groups.map((group) => {
        const label =
          group.category !== null
            ? display.category(group.category)
            : t('compositions.modal.systemGroup');
        return (
          <section key={group.key} aria-label={label} className="mb-3 last:mb-0">
            <h4 className="flex items-center gap-1.5 px-1 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {group.isSystem && <Settings className="size-3.5" aria-hidden />}
              {label}
            </h4>
            <ul className="space-y-1">
              {group.blocks.map((block) => {
                const count = counts.get(block.id) ?? 0;
                return (
                  <li key={block.id}>
                    <button
                      type="button"
                      onClick={() => onToggle(block)}
                      aria-pressed={count > 0}
                      aria-label={t(
                        count > 0
                          ? 'compositions.modal.removeBlock'
                          : 'compositions.modal.addBlock',
                        { name: display.name(block) },
                      )}
                      className={cn(
                        'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors',
                        count > 0
                          ? 'bg-indigo-50 text-indigo-900 ring-1 ring-indigo-200'
                          : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100',
                      )}
                    >
                      <span
                        aria-hidden
                        className="size-2.5 shrink-0 rounded-full"
                        style={{ backgroundColor: block.color ?? DISPLAY_FALLBACK_COLOR }}
                      />
                      <span className="min-w-0 flex-1 truncate">{display.name(block)}</span>
                      {count > 1 && <span className="text-xs text-indigo-600">×{count}</span>}
                      {count > 0 ? (
                        <Check className="size-4 text-indigo-600" aria-hidden />
                      ) : (
                        <Plus className="size-4 text-slate-400" aria-hidden />
                      )}
                    </button>
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
